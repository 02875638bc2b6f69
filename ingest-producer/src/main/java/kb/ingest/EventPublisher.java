package kb.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.DeadLetters;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes file versions, tombstones and dead letters, skipping anything the catalogue says is already
 * published (a touch, a duplicate watch event, a restart).
 */
final class EventPublisher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventPublisher.class);
    static final String STAGE = "ingest-producer";

    private final String collection;
    private final KbTopics topics;
    private final Catalogue catalogue;
    private final GenerationClock generations;
    private final LiveBudget liveBudget;
    private final KafkaProducer<String, byte[]> events;
    private final KafkaProducer<byte[], byte[]> deadLetters;
    private final MeterRegistry registry;
    private final Timer publishLatency;

    EventPublisher(
            String collection,
            String bootstrapServers,
            KbTopics topics,
            Catalogue catalogue,
            GenerationClock generations,
            LiveBudget liveBudget,
            MeterRegistry registry) {
        this.collection = collection;
        this.topics = topics;
        this.catalogue = catalogue;
        this.generations = generations;
        this.liveBudget = liveBudget;
        this.registry = registry;
        // Values are serialized here, so one too large for the topic is dead-lettered instead of failing the send.
        this.events = new KafkaProducer<>(
                producerProps(bootstrapServers, topics.maxMessageBytes()),
                topics.fileEvents().keySerde().serializer(),
                new ByteArraySerializer());
        this.deadLetters = new KafkaProducer<>(
                producerProps(bootstrapServers, topics.maxMessageBytes()),
                topics.dlq().keySerde().serializer(),
                topics.dlq().valueSerde().serializer());
        this.publishLatency = Timer.builder("kb_producer_publish_latency").register(registry);
        // Registered at zero so dashboards and alerts have a series before the first event of each kind.
        for (String outcome : new String[] {"copied", "over_budget"}) {
            registry.counter("kb_producer_live_copies_total", "outcome", outcome);
        }
        for (String op : new String[] {"upsert", "delete"}) {
            registry.counter("kb_producer_events_published_total", "op", op);
            registry.counter("kb_producer_publish_errors_total", "op", op);
        }
        for (String reason : new String[] {"oversize", "binary", "invalid_utf8", "not_regular", "unreadable"}) {
            registry.counter("kb_producer_dlq_total", "reason", reason);
        }
    }

    /**
     * Idempotence keeps per-path order across retries; acks=all so an acknowledged edit survives a broker
     * failover; a short linger batches a scan without delaying a single save noticeably.
     */
    private static Properties producerProps(String bootstrapServers, int maxMessageBytes) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Integer.toString(maxMessageBytes));
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        return props;
    }

    /** @return true when something new was sent */
    boolean publishUpsert(FileEvent event, Lane lane) {
        if (catalogue.isCurrent(event.path(), event.sha256())) {
            return false;
        }
        byte[] value = topics.fileEvents()
                .valueSerde()
                .serializer()
                .serialize(topics.fileEvents().name(), event);
        if (value.length > topics.maxValueBytes()) {
            // JSON escapes a control character into six bytes: a file under the size cap can still be too big.
            publishRejected(
                    new FileReadResult.Rejected(
                            event.path(),
                            "oversize",
                            "RecordTooLarge",
                            "the file's event would be " + value.length + " bytes, the topic takes "
                                    + topics.maxValueBytes(),
                            event.sha256()),
                    lane);
            return false;
        }
        catalogue.put(event.path(), event.sha256());
        send(event.key(), value, event.path(), "upsert", lane);
        return true;
    }

    /** @return true when a tombstone was sent */
    boolean publishDelete(String path, Lane lane) {
        if (!catalogue.contains(path)) {
            return false;
        }
        catalogue.remove(path);
        send(Ids.fileKey(collection, path), null, path, "delete", lane);
        return true;
    }

    /**
     * Withdraws a record published before collections existed: its file, if still there, is published under
     * its collection's key, and the old key must not keep a second, stale document alive.
     */
    void publishLegacyDelete(String key) {
        catalogue.forgetLegacy(key);
        send(key, null, null, "delete", Lane.SCAN);
    }

    /**
     * Synchronized: the watcher and the document lane both publish, and generations must reach the topic in the
     * order they were drawn. A live change is sent to the live lane first, with the same generation: the copy that
     * arrives second downstream is applied only if it is newer, so the two never reorder a file's versions. Only
     * the main topic's send decides whether the change counts as published (the live copy is never read back).
     *
     * @param path the path of this collection the record is about, or null for a legacy key
     * @param value the serialized event, or null for a tombstone
     */
    private synchronized void send(String key, byte[] value, String path, String op, Lane lane) {
        long generation = generations.next();
        if (lane == Lane.LIVE && copiedLive()) {
            ProducerRecord<String, byte[]> copy =
                    new ProducerRecord<>(topics.fileEventsLive().name(), key, value);
            Generation.write(copy.headers(), generation);
            events.send(copy, (metadata, error) -> {
                if (error != null) {
                    LOG.warn("could not copy the {} of {} to the live lane: it waits its turn", op, key, error);
                }
            });
        }
        ProducerRecord<String, byte[]> record =
                new ProducerRecord<>(topics.fileEvents().name(), key, value);
        Generation.write(record.headers(), generation);
        long start = System.nanoTime();
        events.send(record, (metadata, error) -> {
            publishLatency.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            if (error != null) {
                // Forget it so the next scan or save tries again, rather than believing it indexed.
                if (path != null) {
                    catalogue.remove(path);
                }
                registry.counter("kb_producer_publish_errors_total", "op", op).increment();
                LOG.error("could not publish {} of {}", op, record.key(), error);
            } else {
                registry.counter("kb_producer_events_published_total", "op", op).increment();
            }
        });
    }

    /**
     * A file that cannot be ingested goes to the dead-letter topic with its reason, once per bad version (a
     * rescan or restart finding the same bad file reports nothing); a version of it that was indexed before
     * is withdrawn, since it no longer says what the file says.
     */
    void publishRejected(FileReadResult.Rejected rejected, Lane lane) {
        publishDelete(rejected.path(), lane);
        if (!catalogue.reject(rejected.path(), rejected.fingerprint())) {
            LOG.debug("{} still not ingested ({}), reported before", rejected.path(), rejected.reason());
            return;
        }
        byte[] key = Ids.fileKey(collection, rejected.path()).getBytes(StandardCharsets.UTF_8);
        byte[] value = describe(rejected);
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(topics.dlq().name(), key, value);
        DeadLetters.addReason(record.headers(), STAGE, rejected.errorClass(), rejected.message());
        record.headers().add(DeadLetters.FINGERPRINT, rejected.fingerprint().getBytes(StandardCharsets.UTF_8));
        deadLetters.send(record, (metadata, error) -> {
            if (error != null) {
                catalogue.forgetRejection(rejected.path()); // so the next scan reports it again
                LOG.error("could not publish dead letter for {}", rejected.path(), error);
            }
        });
        registry.counter("kb_producer_dlq_total", "reason", rejected.reason()).increment();
        LOG.warn("{} not ingested ({}): {}", rejected.path(), rejected.reason(), rejected.message());
    }

    /** The original value would be the file itself: too big or not text. A short description stands in. */
    private byte[] describe(FileReadResult.Rejected rejected) {
        try {
            return Json.MAPPER.writeValueAsBytes(
                    Map.of("collection", collection, "path", rejected.path(), "reason", rejected.reason()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return rejected.path().getBytes(StandardCharsets.UTF_8);
        }
    }

    void flush() {
        events.flush();
        deadLetters.flush();
    }

    /** A watcher's change is copied to the live lane while the budget lasts (a burst goes in turn). */
    private boolean copiedLive() {
        boolean copied = liveBudget.take();
        registry.counter("kb_producer_live_copies_total", "outcome", copied ? "copied" : "over_budget")
                .increment();
        return copied;
    }

    @Override
    public void close() {
        events.close();
        deadLetters.close();
    }
}
