package kb.sink.write;

import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import kb.core.topics.DeadLetters;
import kb.core.topics.KbTopics;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends what the sink gives up on to kb.dlq with the reason, counted by {@code kb_sink_dlq_total{reason}}.
 * Thread-safe (the producer is): both write lanes and the vector pass use it.
 */
public final class DeadLetterPublisher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterPublisher.class);
    /** The stage named in the dead-letter headers of what the sink rejects. */
    static final String STAGE = "indexer-sink";

    private static final String REJECTED = "ElasticsearchRejected";

    private final String topic;
    private final MeterRegistry registry;
    private final KafkaProducer<byte[], byte[]> producer;

    public DeadLetterPublisher(String bootstrapServers, KbTopics topics, MeterRegistry registry) {
        this(topics, registry, newProducer(bootstrapServers, topics));
    }

    private DeadLetterPublisher(KbTopics topics, MeterRegistry registry, KafkaProducer<byte[], byte[]> producer) {
        this.topic = topics.dlq().name();
        this.producer = producer;
        this.registry = registry;
        // Registered at zero so dashboards and alerts have a series before the first event of each kind.
        for (String reason : new String[] {"rejected", "undecodable", "unwritable", "unembeddable"}) {
            registry.counter("kb_sink_dlq_total", "reason", reason);
        }
    }

    /**
     * Logs and sends nothing: for a second reader of the same records (the served version's follower during a
     * reindex), whose failures the version being built already dead-letters once.
     */
    public static DeadLetterPublisher silent(KbTopics topics, MeterRegistry registry) {
        return new DeadLetterPublisher(topics, registry, null);
    }

    private static KafkaProducer<byte[], byte[]> newProducer(String bootstrapServers, KbTopics topics) {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("max.request.size", Integer.toString(topics.maxMessageBytes()));
        // A dead letter is the only trace of a record the sink gave up on: it must survive a broker failover,
        // and a retry must not write it twice.
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        return new KafkaProducer<>(
                props,
                topics.dlq().keySerde().serializer(),
                topics.dlq().valueSerde().serializer());
    }

    /** A document Elasticsearch refused as invalid. */
    public void rejected(DocumentWriter.Rejected rejected) {
        send(rejected.change().originalValue(), rejected.change().docId(), REJECTED, rejected.reason(), "rejected");
    }

    /** A record that cannot be read as a change (no key, or a value that does not deserialize). */
    public void undecodable(byte[] value, String key, String errorClass, String message) {
        send(value, key, errorClass, message, "undecodable");
    }

    /** A document that failed on its own in a way retrying cannot fix. */
    public void unwritable(Change change, Throwable error) {
        send(
                change.originalValue(),
                change.docId(),
                error.getClass().getName(),
                String.valueOf(error.getMessage()),
                "unwritable");
    }

    /** A chunk the embedder cannot take stays searchable by its words; the reason goes to kb.dlq. */
    public void unembeddable(String docId, String chunkId, Exception error) {
        send(
                null,
                docId,
                error.getClass().getName(),
                "chunk " + chunkId + " cannot be embedded: " + error.getMessage(),
                "unembeddable");
    }

    private void send(byte[] value, String key, String errorClass, String message, String reason) {
        if (producer == null) {
            LOG.debug("not dead-lettered here (the version being built does): {} {}", key, message);
            return;
        }
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(topic, key == null ? null : key.getBytes(StandardCharsets.UTF_8), value);
        DeadLetters.addReason(record.headers(), STAGE, errorClass, message);
        producer.send(record, (metadata, error) -> {
            if (error != null) {
                LOG.error("could not dead-letter {}", key, error);
            }
        });
        registry.counter("kb_sink_dlq_total", "reason", reason).increment();
        LOG.warn("dead-lettered {}: {} {}", key, errorClass, message);
    }

    @Override
    public void close() {
        if (producer != null) {
            producer.close();
        }
    }
}
