package kb.sink.config;

import java.time.Duration;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.CommonConfig;
import kb.core.topics.SinkGroups;
import kb.search.embed.Embeddings;
import kb.search.es.IndexNames;
import kb.search.es.IndexShards;
import kb.search.es.VectorIndex;

/**
 * Configuration of the indexer sink.
 *
 * @param elasticsearchUrl {@code KB_ES_URL}, default http://localhost:9200
 * @param indexNames       from {@code KB_INDEX_PREFIX} (default {@code kb})
 * @param indexShards      shards and replicas of the indexes created ({@code KB_ES_SHARDS}, {@code KB_ES_REPLICAS})
 * @param vectorIndex      how the vectors are indexed ({@code KB_VECTOR_INDEX}: flat, the default, or hnsw)
 * @param groups           consumer groups, one per index version ({@code KB_SINK_GROUP}, default kb-indexer)
 * @param embeddingModel   {@code KB_EMBEDDING_MODEL}: {@value Embeddings#BY_LANGUAGE} (default) or one model's id
 * @param maxBatchRecords  records per poll ({@code KB_SINK_BATCH})
 * @param batchChunks      chunks per write and commit: a poll is cut into batches of about this many chunks
 *                         ({@code KB_SINK_BATCH_CHUNKS})
 * @param largeDocumentChunks a document of more chunks is written on a lane of its own, so the edits behind it
 *                         do not wait for its bulk ({@code KB_SINK_LARGE_DOCUMENT_CHUNKS}, default 256)
 * @param vectorSlice      chunks per round of the vector pass: embedded, then updated in one bulk
 *                         ({@code KB_SINK_VECTOR_SLICE})
 * @param maxRetryBackoff  cap of the exponential backoff while Elasticsearch is unavailable
 * @param forceReindex     build a new index version from the topic at start ({@code KB_FORCE_REINDEX})
 */
public record SinkConfig(
        CommonConfig common,
        String elasticsearchUrl,
        IndexNames indexNames,
        IndexShards indexShards,
        VectorIndex vectorIndex,
        SinkGroups groups,
        String embeddingModel,
        int maxBatchRecords,
        int batchChunks,
        int largeDocumentChunks,
        int vectorSlice,
        Duration maxRetryBackoff,
        boolean forceReindex) {

    public static SinkConfig from(Settings settings) {
        return new SinkConfig(
                CommonConfig.from(settings),
                settings.get(KbSettings.ES_URL),
                new IndexNames(settings.get(KbSettings.INDEX_PREFIX)),
                IndexShards.from(settings),
                VectorIndex.from(settings),
                SinkGroups.from(settings),
                Embeddings.setting(settings),
                settings.get(KbSettings.SINK_BATCH),
                settings.get(KbSettings.SINK_BATCH_CHUNKS),
                settings.get(KbSettings.SINK_LARGE_DOCUMENT_CHUNKS),
                settings.get(KbSettings.SINK_VECTOR_SLICE),
                settings.get(KbSettings.SINK_MAX_BACKOFF),
                settings.get(KbSettings.FORCE_REINDEX));
    }
}
