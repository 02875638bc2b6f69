package kb.query.status;

import java.util.List;
import kb.query.config.QueryConfig;

/**
 * Where this API's pipeline keeps its records and indexes, and which folders it serves, told to a caller allowed
 * to write ({@code kb verify --url}, {@code kb verify} without {@code --dir}), so a check of the pipeline needs the
 * API's address alone. The folders' paths are as this process sees them.
 *
 * @param kafka         the broker's bootstrap servers
 * @param elasticsearch Elasticsearch's URL
 * @param topicPrefix   the topics' prefix ({@code KB_TOPIC_PREFIX})
 * @param indexPrefix   the indexes' prefix ({@code KB_INDEX_PREFIX})
 * @param folders       the collections' folders, the default first
 */
public record PipelineAddress(
        String kafka, String elasticsearch, String topicPrefix, String indexPrefix, List<Folder> folders) {

    /** @param dir the folder's absolute path */
    public record Folder(String collection, String dir) {}

    public static PipelineAddress of(QueryConfig config) {
        return new PipelineAddress(
                config.common().bootstrapServers(),
                config.elasticsearch().url(),
                config.common().topics().prefix(),
                config.elasticsearch().indexNames().prefix(),
                config.collections().stream()
                        .map(c -> new Folder(
                                c.name(),
                                c.folder().toAbsolutePath().normalize().toString()))
                        .toList());
    }
}
