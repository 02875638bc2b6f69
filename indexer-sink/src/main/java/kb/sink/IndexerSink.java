package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.DeadLetters;
import kb.core.DocumentChunks;
import kb.core.Generation;
import kb.core.KbTopics;
import kb.core.ReindexControl;
import kb.core.ReindexStatus;
import kb.core.TopicCreator;
import kb.core.embed.Embeddings;
import kb.core.es.ChunkQueries;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes kb.chunks and applies each batch to Elasticsearch through the {@link DocumentWriter}. Offsets
 * are committed only after Elasticsearch confirmed the whole batch; while it is unavailable the batch is
 * retried with capped exponential backoff and jitter, the partitions paused, nothing skipped.
 *
 * <p>Each index version has its own consumer group ({@code kb-indexer-v{N}}). A new version (a mapping or
 * model change found at start, or {@link #requestReindex()}) is built by replaying the compacted topic from
 * the beginning into it while queries keep using the old one; once the replay has caught up (lag 0) both
 * aliases swap in one call and the old version is dropped.
 */
public final class IndexerSink implements AutoCloseable, ReindexControl {

    private static final Logger LOG = LoggerFactory.getLogger(IndexerSink.class);
    static final String STAGE = "indexer-sink";

    private final SinkConfig config;
    private final ElasticsearchClient client;
    private final MeterRegistry registry;
    private final DocumentWriter writer;
    private final VectorFiller vectors;
    private final IndexLayout layout;
    private final Timer batchLatency;
    private final Timer upsertFreshness;
    private final Timer deleteFreshness;
    private final KafkaProducer<byte[], byte[]> deadLetters;
    private final Backoff backoff;
    private final Thread thread;
    private final AtomicBoolean reindexRequested = new AtomicBoolean();
    private volatile boolean running = true;
    private volatile boolean healthy = true;
    private volatile IndexVersion serving;
    private volatile IndexVersion target;
    private volatile ReindexStatus reindex;
    private KafkaConsumer<String, byte[]> consumer;
    private KafkaClientMetrics consumerMetrics;

    public IndexerSink(SinkConfig config, ElasticsearchClient client, Embeddings embeddings, MeterRegistry registry,
                       Clock clock) throws IOException {
        this.config = config;
        this.client = client;
        this.registry = registry;
        KbTopics topics = config.common().topics();
        TopicCreator.ensureTopics(config.common());
        this.layout = new IndexLayout(client, config.indexNames(), embeddings, config.indexShards());
        EmbeddingStage stage = new EmbeddingStage(client, config.indexNames().chunksAlias(), embeddings, registry);
        this.writer = new DocumentWriter(client, stage, clock, registry);
        this.vectors = new VectorFiller(client, stage, () -> target.chunksIndex(), config.vectorSlice(),
                config.maxRetryBackoff(), registry, this::unembeddable);
        this.batchLatency = Timer.builder("kb_sink_batch_latency").register(registry);
        this.upsertFreshness = freshness(registry, "upsert");
        this.deleteFreshness = freshness(registry, "delete");
        // Registered at zero so dashboards and alerts have a series before the first event of each kind.
        registry.counter("kb_sink_retries_total");
        for (String outcome : new String[]{"applied", "skipped", "rejected"}) {
            registry.counter("kb_sink_documents_total", "outcome", outcome);
        }
        for (String reason : new String[]{"rejected", "undecodable", "unwritable", "unembeddable"}) {
            registry.counter("kb_sink_dlq_total", "reason", reason);
        }
        for (String source : new String[]{"computed", "cache"}) {
            registry.counter("kb_sink_embeddings_total", "source", source);
        }
        Properties producerProps = new Properties();
        producerProps.put("bootstrap.servers", config.common().bootstrapServers());
        producerProps.put("max.request.size", Integer.toString(topics.maxMessageBytes()));
        // A dead letter is the only trace of a record the sink gave up on: it must survive a broker failover,
        // and a retry must not write it twice.
        producerProps.put("acks", "all");
        producerProps.put("enable.idempotence", "true");
        this.deadLetters = new KafkaProducer<>(producerProps, topics.dlq().keySerde().serializer(),
                topics.dlq().valueSerde().serializer());
        this.backoff = new Backoff(Duration.ofMillis(200), config.maxRetryBackoff());
        chooseVersions();
        this.thread = new Thread(this::run, "kb-indexer-sink");
    }

    /**
     * File observed (upserts) or deletion published (deletes) → written to Elasticsearch; small (live)
     * batches wait for the refresh, so for them this is save-to-searchable.
     */
    private static Timer freshness(MeterRegistry registry, String op) {
        return Timer.builder("kb_sink_freshness").tag("op", op)
                .publishPercentiles(0.5, 0.99).publishPercentileHistogram()
                .maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
    }

    /** Serve what the alias points at; build a new version when it has another mapping or model. */
    private void chooseVersions() throws IOException {
        Optional<IndexVersion> current = layout.current();
        if (current.isEmpty()) {
            serving = layout.create(1);
            layout.promote(serving, null);
            target = serving;
        } else if (layout.isCurrentFormat(current.get()) && !config.forceReindex()) {
            serving = current.get();
            layout.addStateFields(serving);
            target = serving;
        } else {
            serving = current.get();
            target = layout.create(serving.number() + 1);
            reindex = new ReindexStatus("migration-v" + target.number(), ReindexStatus.State.RUNNING, 0,
                    documentCount(serving), target.number());
            LOG.info("[sink] version {} has another mapping or model: building version {} by replaying {}",
                    serving.number(), target.number(), config.common().topics().chunks().name());
        }
    }

    /** Auto-commit off: offsets move only after Elasticsearch confirmed what they cover. */
    private KafkaConsumer<String, byte[]> newConsumer(IndexVersion version) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.common().bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, config.groupId() + "-v" + version.number());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(config.maxBatchRecords()));
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                Integer.toString(config.common().topics().maxMessageBytes()));
        props.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, "600000");
        props.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "3000");
        props.put(ConsumerConfig.CONNECTIONS_MAX_IDLE_MS_CONFIG, "900000");
        KafkaConsumer<String, byte[]> created = new KafkaConsumer<>(props, new StringDeserializer(),
                new ByteArrayDeserializer());
        created.subscribe(List.of(config.common().topics().chunks().name()));
        if (consumerMetrics != null) {
            consumerMetrics.close();
        }
        consumerMetrics = new KafkaClientMetrics(created);
        consumerMetrics.bindTo(registry);
        return created;
    }

    public void start() {
        consumer = newConsumer(target);
        thread.start();
        vectors.start();
    }

    public boolean isHealthy() {
        return healthy && thread.isAlive() && vectors.isAlive();
    }

    /** Chunks searchable by their words that still wait for their vector. */
    public long chunksAwaitingVectors() {
        return vectors.awaiting();
    }

    /** Starts building a new index version from the topic (a no-op while one is being built). */
    @Override
    public ReindexStatus requestReindex() {
        ReindexStatus current = reindex;
        if (current != null && current.state() == ReindexStatus.State.RUNNING) {
            return current;
        }
        reindex = new ReindexStatus(UUID.randomUUID().toString(), ReindexStatus.State.RUNNING, 0, 0,
                serving.number() + 1);
        reindexRequested.set(true);
        return reindex;
    }

    @Override
    public Optional<ReindexStatus> reindexStatus(String id) {
        ReindexStatus current = reindex;
        return current != null && current.id().equals(id) ? Optional.of(current) : Optional.empty();
    }

    public IndexVersion servingVersion() {
        return serving;
    }

    private void run() {
        try {
            while (running) {
                if (reindexRequested.getAndSet(false)) {
                    startReindex();
                }
                ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(200));
                boolean live = records.count() <= DocumentWriter.LIVE_BATCH;
                for (List<Decoded> batch : ChunkBudget.split(decode(records), config.batchChunks(), Decoded::chunks)) {
                    if (!running || !applyWithRetry(batch, live)) {
                        break;
                    }
                }
                finishMigrationWhenCaughtUp();
            }
        } catch (WakeupException e) {
            if (running) {
                LOG.error("[sink] unexpected wakeup", e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            healthy = false;
            LOG.error("[sink] stopped on a fatal error; offsets after the last confirmed batch are not committed", e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void startReindex() throws IOException {
        target = layout.create(serving.number() + 1);
        reindex = new ReindexStatus(reindex.id(), ReindexStatus.State.RUNNING, 0, documentCount(serving), target.number());
        consumer.close(Duration.ofSeconds(5));
        consumer = newConsumer(target);
        LOG.info("[sink] reindex {}: building version {} from the beginning of the topic", reindex.id(), target.number());
    }

    /**
     * Once the new version's group has no lag and every chunk in it has its vector, it becomes the serving one
     * (a model change re-embeds everything: the old version keeps serving until that is done).
     */
    private void finishMigrationWhenCaughtUp() throws IOException {
        if (target.number() == serving.number() || consumer.assignment().isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment());
        boolean caughtUp = end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
        if (caughtUp && awaitingVectors(target) == 0) {
            IndexVersion previous = serving;
            layout.promote(target, previous);
            serving = target;
            reindex = new ReindexStatus(reindex.id(), ReindexStatus.State.DONE, documentCount(serving),
                    reindex.documentsTotal(), serving.number());
        }
    }

    private long awaitingVectors(IndexVersion version) throws IOException {
        client.indices().refresh(r -> r.index(version.chunksIndex()));
        return client.count(c -> c.index(version.chunksIndex()).query(ChunkQueries.awaitingVector())).count();
    }

    private long documentCount(IndexVersion version) throws IOException {
        client.indices().refresh(r -> r.index(version.docsIndex()));
        return client.count(c -> c.index(version.docsIndex())).count();
    }

    /**
     * Commits the batch's offsets once every document in it is written, dead-lettered or skipped.
     *
     * @return false when the sink stopped before Elasticsearch confirmed
     */
    private boolean applyWithRetry(List<Decoded> batch, boolean live) throws InterruptedException {
        Collection<Change> changes = latestPerDocument(batch);
        boolean done;
        try {
            done = changes.isEmpty() || writeUntilConfirmed(changes, live);
        } catch (NonRetriableWrite e) {
            done = writeOneByOne(changes, e, live);
        }
        if (done) {
            consumer.commitSync(nextOffsets(batch));
            resumeIfPaused();
            healthy = true;
        }
        return done;
    }

    /**
     * Retries what Elasticsearch could not take yet (down, 429, 5xx) with backoff, the partitions paused.
     *
     * @return false when the sink stopped before Elasticsearch confirmed
     * @throws NonRetriableWrite when retrying cannot help
     */
    private boolean writeUntilConfirmed(Collection<Change> changes, boolean live) throws InterruptedException {
        backoff.reset();
        while (running) {
            try {
                IndexVersion into = target;
                DocumentWriter.BatchResult result = batchLatency.recordCallable(() -> writer.write(changes, into, live));
                result.rejected().forEach(this::deadLetter);
                record(result, changes);
                if (result.chunksWithoutVectors() > 0) {
                    vectors.wake();
                }
                return true;
            } catch (Exception e) {
                if (!isRetriable(e)) {
                    throw new NonRetriableWrite(e);
                }
                healthy = false;
                consumer.pause(consumer.assignment());
                registry.counter("kb_sink_retries_total").increment();
                long delay = backoff.nextDelayMillis();
                LOG.warn("[sink] Elasticsearch not writable ({}); retrying in {} ms", e.getMessage(), delay);
                if (!backoff.await(delay)) {
                    return false;
                }
                consumer.poll(Duration.ZERO); // keeps the group membership alive while paused
            }
        }
        return false;
    }

    /**
     * A batch failed in a way retrying cannot fix: one of its documents may be the cause. Each is written on
     * its own, and one that still fails goes to kb.dlq with the reason, so it never blocks the others.
     */
    private boolean writeOneByOne(Collection<Change> changes, NonRetriableWrite batchError, boolean live)
            throws InterruptedException {
        LOG.warn("[sink] a batch of {} documents failed ({}); writing them one by one", changes.size(),
                batchError.getCause().toString());
        for (Change change : changes) {
            try {
                if (!writeUntilConfirmed(List.of(change), live)) {
                    return false;
                }
            } catch (NonRetriableWrite e) {
                deadLetter(change.originalValue(), change.docId(), e.getCause().getClass().getName(),
                        String.valueOf(e.getCause().getMessage()), "unwritable");
            }
        }
        return true;
    }

    /** A write error retrying cannot fix, carrying the original as its cause. */
    private static final class NonRetriableWrite extends RuntimeException {
        NonRetriableWrite(Exception cause) {
            super(cause);
        }
    }

    private static boolean isRetriable(Exception e) {
        return e instanceof RetriableWriteException || e instanceof IOException
                || e instanceof co.elastic.clients.transport.TransportException
                || (e instanceof co.elastic.clients.elasticsearch._types.ElasticsearchException ee
                && (ee.status() == 429 || ee.status() >= 500));
    }

    private void resumeIfPaused() {
        if (!consumer.paused().isEmpty()) {
            consumer.resume(consumer.paused());
            LOG.info("[sink] Elasticsearch writable again; resumed");
        }
    }

    /**
     * A polled record, decoded; {@code change} is null for a record dead-lettered as undecodable (its offset
     * is still committed with its batch).
     */
    private record Decoded(ConsumerRecord<String, byte[]> record, Change change) {
        int chunks() {
            return change == null || change.isDelete() ? 0 : change.document().chunks().size();
        }
    }

    private List<Decoded> decode(ConsumerRecords<String, byte[]> records) {
        List<Decoded> decoded = new ArrayList<>(records.count());
        for (ConsumerRecord<String, byte[]> record : records) {
            decoded.add(new Decoded(record, changeOf(record)));
        }
        return decoded;
    }

    /** The record as a change, or null after dead-lettering it when it cannot be read. */
    private Change changeOf(ConsumerRecord<String, byte[]> record) {
        if (record.key() == null) {
            deadLetter(record.value(), null, "MissingKey", "chunks record without a doc id");
            return null;
        }
        try {
            DocumentChunks document = record.value() == null ? null
                    : config.common().topics().chunks().valueSerde().deserializer().deserialize(record.topic(), record.value());
            return new Change(record.key(), Generation.read(record.headers(), record.offset()), document,
                    record.timestamp(), record.value());
        } catch (RuntimeException e) {
            deadLetter(record.value(), record.key(), e.getClass().getName(), e.getMessage());
            return null;
        }
    }

    /** Only the last record of a document in a batch matters; earlier ones are superseded. */
    private static Collection<Change> latestPerDocument(List<Decoded> batch) {
        Map<String, Change> latest = new LinkedHashMap<>();
        for (Decoded decoded : batch) {
            if (decoded.change() != null) {
                latest.remove(decoded.change().docId());
                latest.put(decoded.change().docId(), decoded.change());
            }
        }
        return latest.values();
    }

    private static Map<TopicPartition, OffsetAndMetadata> nextOffsets(List<Decoded> batch) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (Decoded decoded : batch) {
            ConsumerRecord<String, byte[]> record = decoded.record();
            offsets.merge(new TopicPartition(record.topic(), record.partition()),
                    new OffsetAndMetadata(record.offset() + 1), (a, b) -> a.offset() >= b.offset() ? a : b);
        }
        return offsets;
    }

    private void record(DocumentWriter.BatchResult result, Collection<Change> changes) {
        registry.counter("kb_sink_documents_total", "outcome", "applied").increment(result.applied().size());
        long now = System.currentTimeMillis();
        for (Change change : result.applied()) {
            long since = change.isDelete() ? change.timestamp() : change.document().card().eventTime();
            if (since > 0) {
                (change.isDelete() ? deleteFreshness : upsertFreshness).record(Math.max(0, now - since), TimeUnit.MILLISECONDS);
            }
        }
        registry.counter("kb_sink_documents_total", "outcome", "skipped").increment(result.skipped());
        registry.counter("kb_sink_documents_total", "outcome", "rejected").increment(result.rejected().size());
        ReindexStatus current = reindex;
        if (current != null && current.state() == ReindexStatus.State.RUNNING) {
            reindex = new ReindexStatus(current.id(), current.state(), current.documentsDone() + result.applied().size(),
                    current.documentsTotal(), current.version());
        }
        LOG.debug("[sink] batch of {} documents: {} applied, {} skipped, {} rejected", changes.size(),
                result.applied().size(), result.skipped(), result.rejected().size());
    }

    private void deadLetter(DocumentWriter.Rejected rejected) {
        deadLetter(rejected.change().originalValue(), rejected.change().docId(), "ElasticsearchRejected",
                rejected.reason());
    }

    private void deadLetter(byte[] value, String key, String errorClass, String message) {
        deadLetter(value, key, errorClass, message, errorClass.equals("ElasticsearchRejected") ? "rejected" : "undecodable");
    }

    /** A chunk the embedder cannot take stays searchable by its words; the reason goes to kb.dlq. */
    private void unembeddable(String docId, String chunkId, Exception error) {
        deadLetter(null, docId, error.getClass().getName(), "chunk " + chunkId + " cannot be embedded: "
                + error.getMessage(), "unembeddable");
    }

    private void deadLetter(byte[] value, String key, String errorClass, String message, String reason) {
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(config.common().topics().dlq().name(),
                key == null ? null : key.getBytes(StandardCharsets.UTF_8), value);
        DeadLetters.addReason(record.headers(), STAGE, errorClass, message);
        deadLetters.send(record, (metadata, error) -> {
            if (error != null) {
                LOG.error("[sink] could not dead-letter {}", key, error);
            }
        });
        registry.counter("kb_sink_dlq_total", "reason", reason).increment();
        LOG.warn("[sink] dead-lettered {}: {} {}", key, errorClass, message);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        vectors.close();
        backoff.stop();
        if (consumer != null) {
            consumer.wakeup();
        }
        thread.join(TimeUnit.SECONDS.toMillis(30));
        if (consumerMetrics != null) {
            consumerMetrics.close();
        }
        deadLetters.close();
    }
}
