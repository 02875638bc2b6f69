package kb.query.status;

import kb.query.config.QueryConfig;

/**
 * Where this API's pipeline keeps its records and indexes, told to a caller allowed to write ({@code kb verify
 * --url}), so a check of the pipeline needs the API's address alone.
 *
 * @param kafka         the broker's bootstrap servers
 * @param elasticsearch Elasticsearch's URL
 * @param topicPrefix   the topics' prefix ({@code KB_TOPIC_PREFIX})
 * @param indexPrefix   the indexes' prefix ({@code KB_INDEX_PREFIX})
 */
public record PipelineAddress(String kafka, String elasticsearch, String topicPrefix, String indexPrefix) {

    public static PipelineAddress of(QueryConfig config) {
        return new PipelineAddress(
                config.common().bootstrapServers(),
                config.elasticsearch().url(),
                config.common().topics().prefix(),
                config.elasticsearch().indexNames().prefix());
    }
}
