package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.IndexUpkeep;
import kb.core.ReindexControl;
import kb.core.ReindexStatus;
import kb.core.runtime.Threads;
import kb.core.topics.TopicCreator;
import kb.search.embed.Embeddings;
import kb.sink.config.SinkConfig;
import kb.sink.consume.BacklogConsumer;
import kb.sink.consume.ChunkBudget;
import kb.sink.consume.ChunkRecords;
import kb.sink.consume.ChunkRecords.Decoded;
import kb.sink.consume.CommitOffsets;
import kb.sink.consume.LargeDocumentLane;
import kb.sink.consume.LiveChunks;
import kb.sink.consume.ServedFollowing;
import kb.sink.upkeep.UpkeepRunner;
import kb.sink.vectors.VectorFiller;
import kb.sink.versions.IndexVersion;
import kb.sink.versions.IndexVersions;
import kb.sink.write.Change;
import kb.sink.write.DeadLetterPublisher;
import kb.sink.write.RetryingWriter;
import kb.sink.write.Visibility;
import org.apache.kafka.clients.consumer.ConsumerRecords;
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
 * <p>Each index version has its own consumer group ({@code SinkGroups}). A new version is built by
 * replaying the topic from the beginning with the new version's group ({@link IndexVersions}) while a
 * {@link ServedFollowing} keeps the served one current; once the new group has no lag the aliases swap.
 */
public final class IndexerSink implements AutoCloseable, ReindexControl {

    private static final Logger LOG = LoggerFactory.getLogger(IndexerSink.class);
    /** How long a poll of kb.chunks waits for records: a live edit arriving meanwhile waits as long. */
    private static final Duration BACKLOG_POLL = Duration.ofMillis(100);

    private final SinkConfig config;
    private final BacklogConsumer backlog;
    private final LiveChunks live;
    private final ChunkRecords records;
    private final CommitOffsets offsets;
    private final RetryingWriter writer;
    private final LargeDocumentLane largeLane;
    private final IndexVersions versions;
    private final ServedFollowing served;
    private final VectorFiller vectors;
    private final DeadLetterPublisher deadLetters;
    /** The last poll brought a backlog, not a live edit: its text is being written (the vector pass waits). */
    private final AtomicBoolean writingBacklog;

    private final Thread thread;
    /** The chunk index's upkeep: the sink owns the index's shape. */
    private final UpkeepRunner upkeep;

    private volatile boolean running = true;
    private volatile boolean failed;

    /** While Elasticsearch is unavailable the partitions are paused; polls keep the group membership alive. */
    private final RetryingWriter.WhileRetrying whileRetrying = new RetryingWriter.WhileRetrying() {
        @Override
        public void failed() {
            backlog.pause();
            live.pause();
        }

        @Override
        public void waited() {
            backlog.keepAlive();
            live.keepAlive();
        }
    };

    private IndexerSink(SinkWiring.Parts parts) {
        this.config = parts.config();
        this.backlog = parts.lanes().backlog();
        this.live = parts.lanes().live();
        this.records = parts.lanes().records();
        this.offsets = parts.lanes().offsets();
        this.writer = parts.lanes().writer();
        this.largeLane = parts.lanes().large();
        this.versions = parts.versions();
        this.served = parts.served();
        this.vectors = parts.vectors();
        this.deadLetters = parts.deadLetters();
        this.writingBacklog = parts.writingBacklog();
        this.upkeep = parts.upkeep();
        this.thread = Threads.worker("kb-indexer-sink", this::run);
    }

    /** The sink, built by {@link SinkWiring}; nothing is read or written before {@link #start()}. */
    public static IndexerSink create(
            SinkConfig config, ElasticsearchClient client, Embeddings embeddings, SinkHost host) {
        return new IndexerSink(SinkWiring.wire(config, client, embeddings, host));
    }

    /** Creates the topics and the first index version if missing (or resumes a reindex), then starts consuming. */
    public void start() throws IOException {
        TopicCreator.ensureTopics(config.common());
        versions.open();
        backlog.open(versions.target());
        live.open(versions.target());
        thread.start();
        vectors.start();
        upkeep.start();
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
            served.followWhileBuilding(versions);
            while (running) {
                if (versions.takeReindexRequest()) {
                    startReindex();
                }
                if (!applyLive()) {
                    continue;
                }
                ConsumerRecords<String, byte[]> polled = backlog.poll(BACKLOG_POLL);
                writingBacklog.set(polled.count() > Visibility.FEW_RECORDS);
                for (List<Decoded> batch :
                        ChunkBudget.split(records.decode(polled), config.batchChunks(), Decoded::chunks)) {
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
            served.stop();
            largeLane.close();
            commitReady();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.debug("no final commit ({}); the records after the last commit are redelivered", e.toString());
        } finally {
            backlog.close();
            live.close();
        }
    }

    /** The new version's group starts from the beginning: the old group's large documents are written first. */
    private void startReindex() throws IOException, InterruptedException {
        largeLane.awaitIdle();
        commitReady();
        offsets.forget(backlog.assignment());
        offsets.forget(live.assignment());
        IndexVersion target = versions.startReindex();
        backlog.reopen(target);
        live.open(target);
        served.followWhileBuilding(versions);
    }

    /**
     * The new version's group has no lag on kb.chunks: it may be promoted. The live lane is not waited for: it only
     * holds copies of records kb.chunks holds too.
     */
    private void finishMigrationWhenCaughtUp() throws IOException, InterruptedException {
        if (!versions.migrating() || offsets.pendingCount() > 0) {
            return;
        }
        if (backlog.caughtUp() && versions.targetComplete() && served.stop()) {
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
        ConsumerRecords<String, byte[]> polled = live.poll();
        for (List<Decoded> batch : ChunkBudget.split(records.decode(polled), config.batchChunks(), Decoded::chunks)) {
            if (!running || !applyWithRetry(batch, Visibility.REFRESH_NOW)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Commits each partition as far as the large-document lane allows (see {@link CommitOffsets}), through the
     * consumer that owns it.
     */
    private void commitReady() {
        backlog.commitReady();
        live.commitReady();
    }

    private void resumeIfPaused() {
        live.resume();
        if (backlog.resume()) {
            LOG.info("Elasticsearch writable again; resumed");
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        upkeep.close();
        vectors.close();
        writer.stop();
        largeLane.stop();
        backlog.wakeup();
        live.wakeup();
        thread.join(TimeUnit.SECONDS.toMillis(30));
        backlog.closeMetrics();
        deadLetters.close();
    }
}
