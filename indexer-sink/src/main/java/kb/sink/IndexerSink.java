package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import kb.core.IndexUpkeep;
import kb.core.ReindexControl;
import kb.core.ReindexStatus;
import kb.core.runtime.DiskSpace;
import kb.core.runtime.Threads;
import kb.core.topics.TopicCreator;
import kb.search.embed.Embeddings;
import kb.sink.ChunkRecords.Decoded;
import kb.sink.upkeep.UpkeepRunner;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes kb.chunks and applies each batch to Elasticsearch through the {@link RetryingWriter}. Offsets
 * are committed only after Elasticsearch confirmed the whole batch; while it is unavailable the batch is
 * retried, the partitions paused, nothing skipped.
 *
 * <p>A document of many chunks is written on the {@link LargeDocumentLane} while the loop carries on; the
 * commit stops before it until it is written ({@link CommitOffsets}).
 *
 * <p>A person's edit, copied to kb.chunks-live, is read by a consumer of its own ({@link LiveChunks}) before each
 * poll of kb.chunks and between the writes of one, so it overtakes the backlog; generations keep a file's versions
 * in order whichever topic brings one first.
 *
 * <p>Each index version has its own consumer group ({@link kb.core.topics.SinkGroups}). A new version is built by
 * replaying the topic from the beginning with the new version's group ({@link IndexVersions}) while a
 * {@link ServedVersionFollower} keeps the served one current; once the new group has no lag the aliases swap.
 */
public final class IndexerSink implements AutoCloseable, ReindexControl {

    private static final Logger LOG = LoggerFactory.getLogger(IndexerSink.class);
    /** How long a poll of kb.chunks waits for records: a live edit arriving meanwhile waits as long. */
    private static final Duration BACKLOG_POLL = Duration.ofMillis(100);

    private final SinkConfig config;
    private final MeterRegistry registry;
    private final VectorFiller vectors;
    private final IndexVersions versions;
    private final DeadLetterPublisher deadLetters;
    private final ChunkRecords chunkRecords;
    private final RetryingWriter writer;
    private final DocumentWriter documents;
    private final SinkMetrics metrics;
    private final CommitOffsets offsets = new CommitOffsets();
    private final LargeDocumentLane largeLane;
    private final LiveChunks liveChunks;
    private ServedVersionFollower follower;
    private final Thread thread;
    private final DiskSpace disk;
    /** The chunk index's upkeep: the sink owns the index's shape. */
    private final UpkeepRunner upkeep;

    private volatile boolean running = true;
    private volatile boolean failed;
    /** The last poll brought a backlog, not a live edit: its text is being written (the vector pass waits). */
    private volatile boolean writingBacklog;

    private KafkaConsumer<String, byte[]> consumer;
    private KafkaClientMetrics consumerMetrics;

    /** While Elasticsearch is unavailable the partitions are paused; polls keep the group membership alive. */
    private final RetryingWriter.WhileRetrying whileRetrying = new RetryingWriter.WhileRetrying() {
        @Override
        public void failed() {
            consumer.pause(consumer.assignment());
            liveChunks.pause();
        }

        @Override
        public void waited() {
            consumer.poll(Duration.ZERO);
            liveChunks.keepAlive();
        }
    };

    public IndexerSink(
            SinkConfig config, ElasticsearchClient client, Embeddings embeddings, MeterRegistry registry, Clock clock)
            throws IOException {
        this(config, client, embeddings, registry, clock, DocumentWriter.Steps.NONE);
    }

    /** @param steps told at each step of every write, on the thread writing (tests hold a write there) */
    public IndexerSink(
            SinkConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            MeterRegistry registry,
            Clock clock,
            DocumentWriter.Steps steps)
            throws IOException {
        this(config, client, embeddings, registry, clock, steps, DiskSpace.UNWATCHED);
    }

    /** @param disk while it is full, nothing is written to Elasticsearch; writing resumes when there is room */
    public IndexerSink(
            SinkConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            MeterRegistry registry,
            Clock clock,
            DocumentWriter.Steps steps,
            DiskSpace disk)
            throws IOException {
        this.disk = disk;
        this.config = config;
        this.registry = registry;
        IndexLayout layout =
                new IndexLayout(client, config.indexNames(), embeddings, config.indexShards(), config.vectorIndex());
        this.upkeep = UpkeepRunner.of(client, config.indexNames().chunksAlias(), clock);
        EmbeddingStage stage = new EmbeddingStage(client, config.indexNames().chunksAlias(), embeddings, registry);
        this.metrics = new SinkMetrics(registry);
        this.deadLetters = new DeadLetterPublisher(
                config.common().bootstrapServers(), config.common().topics(), registry);
        this.chunkRecords = new ChunkRecords(config.common().topics(), deadLetters);
        this.versions = new IndexVersions(
                client,
                layout,
                config.forceReindex(),
                config.common().topics().chunks().name());
        this.vectors = new VectorFiller(
                client,
                stage,
                () -> versions.target().chunksIndex(),
                config.vectorSlice(),
                config.maxRetryBackoff(),
                registry,
                new VectorFiller.SinkSignals(
                        deadLetters::unembeddable, disk, () -> writingBacklog, upkeep::vectorPassDrained));
        this.documents = new DocumentWriter(client, stage, clock, registry, steps);
        this.writer = new RetryingWriter(
                documents, versions::target, deadLetters, metrics, config.maxRetryBackoff(), this::written, disk);
        this.largeLane = new LargeDocumentLane(
                new RetryingWriter(
                        documents,
                        versions::target,
                        deadLetters,
                        metrics,
                        config.maxRetryBackoff(),
                        this::written,
                        disk),
                offsets);
        this.liveChunks = new LiveChunks(config, offsets);
        this.thread = Threads.worker("kb-indexer-sink", this::run);
    }

    /** A consumer in the version's group; revoked partitions forget what was pending on them. */
    private KafkaConsumer<String, byte[]> newConsumer(IndexVersion version) {
        KafkaConsumer<String, byte[]> created = ChunkConsumers.create(config, version, new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                offsets.forget(partitions); // the next owner starts from what was committed
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
        });
        if (consumerMetrics != null) {
            consumerMetrics.close();
        }
        consumerMetrics = new KafkaClientMetrics(created);
        consumerMetrics.bindTo(registry);
        return created;
    }

    /** Creates the topics and the first index version if missing (or resumes a reindex), then starts consuming. */
    public void start() throws IOException {
        TopicCreator.ensureTopics(config.common());
        versions.open();
        consumer = newConsumer(versions.target());
        liveChunks.open(versions.target());
        thread.start();
        vectors.start();
        upkeep.start();
    }

    /** During a reindex of the same format, the served version keeps receiving live changes until the swap. */
    private void followServedWhileBuilding() throws IOException {
        if (versions.migrating() && follower == null && versions.servedIsCurrentFormat()) {
            follower = new ServedVersionFollower(config, versions.serving(), documents, metrics, registry, disk);
            follower.start();
        }
    }

    /** How the chunk index's upkeep fares (merges, the vector mapping's switch by size). */
    public IndexUpkeep upkeep() {
        return upkeep;
    }

    public boolean isHealthy() {
        return !failed && writer.healthy() && largeLane.healthy() && thread.isAlive() && vectors.isAlive();
    }

    /** Chunks searchable by their words that still wait for their vector. */
    public long chunksAwaitingVectors() {
        return vectors.awaiting();
    }

    /** Starts building a new index version from the topic (a no-op while one is being built). */
    @Override
    public ReindexStatus requestReindex() {
        return versions.requestReindex();
    }

    @Override
    public Optional<ReindexStatus> reindexStatus(String id) {
        return versions.reindexStatus(id);
    }

    public IndexVersion servingVersion() {
        return versions.serving();
    }

    private void run() {
        try {
            followServedWhileBuilding();
            while (running) {
                if (versions.takeReindexRequest()) {
                    startReindex();
                }
                if (!applyLive()) {
                    continue;
                }
                ConsumerRecords<String, byte[]> records = consumer.poll(BACKLOG_POLL);
                writingBacklog = records.count() > Visibility.FEW_RECORDS;
                for (List<Decoded> batch :
                        ChunkBudget.split(chunkRecords.decode(records), config.batchChunks(), Decoded::chunks)) {
                    if (!running || !applyLive() || !applyWithRetry(batch, Visibility.SCHEDULED)) {
                        break;
                    }
                }
                commitReady();
                finishMigrationWhenCaughtUp();
            }
        } catch (WakeupException e) {
            if (running) {
                LOG.error("unexpected wakeup", e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            failed = true;
            LOG.error("stopped on a fatal error; offsets after the last confirmed batch are not committed", e);
        } finally {
            closeLaneAndConsumer();
        }
    }

    /** What the large-document lane finishes in time is committed; the rest is redelivered at the next start. */
    private void closeLaneAndConsumer() {
        try {
            stopFollower();
            largeLane.close();
            commitReady();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.debug("no final commit ({}); the records after the last commit are redelivered", e.toString());
        } finally {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
            liveChunks.close();
        }
    }

    /** The new version's group starts from the beginning: the old group's large documents are written first. */
    private void startReindex() throws IOException, InterruptedException {
        largeLane.awaitIdle();
        commitReady();
        offsets.forget(consumer.assignment());
        offsets.forget(liveChunks.assignment());
        IndexVersion target = versions.startReindex();
        consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        consumer = newConsumer(target);
        liveChunks.open(target);
        followServedWhileBuilding();
    }

    /**
     * The new version's group has no lag on kb.chunks: it may be promoted. The live lane is not waited for: it only
     * holds copies of records kb.chunks holds too.
     */
    private void finishMigrationWhenCaughtUp() throws IOException, InterruptedException {
        if (!versions.migrating() || consumer.assignment().isEmpty() || offsets.pendingCount() > 0) {
            return;
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment());
        if (end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue())
                && versions.targetComplete()
                && stopFollower()) {
            versions.promote();
        }
    }

    /**
     * Commits the batch's offsets once every document in it is written, dead-lettered or skipped.
     *
     * @return false when the sink stopped before Elasticsearch confirmed
     */
    private boolean applyWithRetry(List<Decoded> batch, Visibility visibility) throws InterruptedException {
        List<Change> changes = new ArrayList<>();
        for (Decoded decoded : ChunkRecords.latestPerDocument(batch)) {
            if (decoded.chunks() > config.largeDocumentChunks()) {
                largeLane.submit(decoded, visibility);
            } else {
                changes.add(decoded.change());
            }
        }
        boolean done = writer.write(changes, visibility, whileRetrying);
        if (done) {
            offsets.confirmed(ChunkRecords.nextOffsets(batch));
            commitReady();
            resumeIfPaused();
        }
        return done;
    }

    /**
     * Writes the live edits fetched so far, before the next poll or write of the backlog (see {@link LiveChunks}).
     *
     * @return false when the sink stopped before Elasticsearch confirmed
     */
    private boolean applyLive() throws InterruptedException {
        ConsumerRecords<String, byte[]> records = liveChunks.poll();
        for (List<Decoded> batch :
                ChunkBudget.split(chunkRecords.decode(records), config.batchChunks(), Decoded::chunks)) {
            if (!running || !applyWithRetry(batch, Visibility.REFRESH_NOW)) {
                return false;
            }
        }
        return true;
    }

    /** @return whether nothing writes to the served version any more */
    private boolean stopFollower() throws InterruptedException {
        if (follower != null && !follower.stop()) {
            LOG.warn("the served version's follower has not stopped yet; the swap waits");
            return false;
        }
        follower = null;
        return true;
    }

    /**
     * Commits each partition as far as the large-document lane allows (see {@link CommitOffsets}), through the
     * consumer that owns it.
     */
    private void commitReady() {
        offsets.commitThrough(consumer);
        liveChunks.commitReady();
    }

    private void resumeIfPaused() {
        liveChunks.resume();
        if (!consumer.paused().isEmpty()) {
            consumer.resume(consumer.paused());
            LOG.info("Elasticsearch writable again; resumed");
        }
    }

    private void written(DocumentWriter.BatchResult result) {
        if (result.chunksWithoutVectors() > 0) {
            vectors.wake();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        upkeep.close();
        vectors.close();
        writer.stop();
        largeLane.stop();
        if (consumer != null) {
            consumer.wakeup();
        }
        liveChunks.wakeup();
        thread.join(TimeUnit.SECONDS.toMillis(30));
        if (consumerMetrics != null) {
            consumerMetrics.close();
        }
        deadLetters.close();
    }
}
