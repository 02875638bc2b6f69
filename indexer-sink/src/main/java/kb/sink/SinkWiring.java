package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import kb.search.embed.Embeddings;
import kb.sink.config.SinkConfig;
import kb.sink.consume.BacklogConsumer;
import kb.sink.consume.ChunkRecords;
import kb.sink.consume.CommitOffsets;
import kb.sink.consume.LargeDocumentLane;
import kb.sink.consume.LiveChunks;
import kb.sink.consume.ServedFollowing;
import kb.sink.consume.ServedVersionFollower;
import kb.sink.upkeep.UpkeepRunner;
import kb.sink.vectors.VectorFiller;
import kb.sink.versions.IndexLayout;
import kb.sink.versions.IndexVersions;
import kb.sink.write.DeadLetterPublisher;
import kb.sink.write.DocumentWriter;
import kb.sink.write.EmbeddingStage;
import kb.sink.write.RetryingWriter;
import kb.sink.write.SinkMetrics;

/** The one place the sink's parts are built and connected, from its configuration, its clients and its host. */
final class SinkWiring {

    private SinkWiring() {}

    /** The consumers of kb.chunks and kb.chunks-live and the writers their records go to. */
    record Lanes(
            BacklogConsumer backlog,
            LiveChunks live,
            ChunkRecords records,
            CommitOffsets offsets,
            RetryingWriter writer,
            LargeDocumentLane large) {}

    /**
     * What {@link IndexerSink}'s loop works with.
     *
     * @param writingBacklog set while the loop writes a backlog, not a live edit: the vector pass yields to it
     */
    record Parts(
            SinkConfig config,
            Lanes lanes,
            IndexVersions versions,
            ServedFollowing served,
            VectorFiller vectors,
            DeadLetterPublisher deadLetters,
            AtomicBoolean writingBacklog,
            UpkeepRunner upkeep) {}

    static Parts wire(SinkConfig config, ElasticsearchClient client, Embeddings embeddings, SinkHost host) {
        IndexVersions versions = new IndexVersions(
                client,
                new IndexLayout(client, config.indexNames(), embeddings, config.indexShards(), config.vectorIndex()),
                config.forceReindex(),
                config.common().topics().chunks().name());
        EmbeddingStage stage =
                new EmbeddingStage(client, config.indexNames().chunksAlias(), embeddings, host.registry());
        DeadLetterPublisher deadLetters = new DeadLetterPublisher(
                config.common().bootstrapServers(), config.common().topics(), host.registry());
        AtomicBoolean writingBacklog = new AtomicBoolean();
        // The chunk index's upkeep (merges, the vector index's switch by size) runs when the pass drains a backlog
        // and after writes that need no vector.
        UpkeepRunner upkeep = UpkeepRunner.of(client, config.indexNames().chunksAlias(), host.clock());
        VectorFiller vectors = new VectorFiller(
                client,
                stage,
                () -> versions.target().chunksIndex(),
                config.vectorSlice(),
                config.maxRetryBackoff(),
                host.registry(),
                new VectorFiller.SinkSignals(
                        deadLetters::unembeddable, host.disk(), writingBacklog::get, upkeep::vectorPassDrained));
        DocumentWriter documents = new DocumentWriter(client, stage, host.clock(), host.registry(), host.steps());
        SinkMetrics metrics = new SinkMetrics(host.registry());
        // The main loop and the large-document lane each retry with a backoff of their own.
        Supplier<RetryingWriter> writers = () -> new RetryingWriter(
                documents,
                versions::target,
                deadLetters,
                metrics,
                config.maxRetryBackoff(),
                result -> {
                    if (result.chunksWithoutVectors() > 0) {
                        vectors.wake();
                    } else if (!result.applied().isEmpty()) {
                        upkeep.indexChanged();
                    }
                },
                host.disk());
        CommitOffsets offsets = new CommitOffsets();
        Lanes lanes = new Lanes(
                new BacklogConsumer(config, offsets, host.registry()),
                new LiveChunks(config, offsets),
                new ChunkRecords(config.common().topics(), deadLetters),
                offsets,
                writers.get(),
                new LargeDocumentLane(writers.get(), offsets));
        ServedFollowing served = new ServedFollowing(servedVersion ->
                new ServedVersionFollower(config, servedVersion, documents, metrics, host.registry(), host.disk()));
        return new Parts(config, lanes, versions, served, vectors, deadLetters, writingBacklog, upkeep);
    }
}
