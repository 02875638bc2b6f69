package kb.ingest;

import java.time.Duration;
import java.util.Properties;
import kb.core.topics.KbTopics;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** The publisher's two Kafka producers: file events (values serialized by the publisher) and dead letters. */
record PublisherClients(Producer<String, byte[]> events, Producer<byte[], byte[]> deadLetters) {

    /** The longest a send may hold up its caller waiting for the broker's metadata or room in the client's buffer. */
    static final Duration MAX_BLOCK = Duration.ofSeconds(10);

    static PublisherClients connect(String bootstrapServers, KbTopics topics, Duration publishTimeout) {
        // Values are serialized by the publisher, so one too large for the topic is dead-lettered instead of failing
        // the
        // send.
        return new PublisherClients(
                new KafkaProducer<>(
                        producerProps(bootstrapServers, topics.maxMessageBytes(), publishTimeout),
                        topics.fileEvents().keySerde().serializer(),
                        new ByteArraySerializer()),
                new KafkaProducer<>(
                        producerProps(bootstrapServers, topics.maxMessageBytes(), publishTimeout),
                        topics.dlq().keySerde().serializer(),
                        topics.dlq().valueSerde().serializer()));
    }

    /**
     * Idempotence keeps per-path order across the client's own retries; acks=all so an acknowledged edit survives a
     * broker failover; a short linger batches a scan without delaying a single save noticeably. A send still failing
     * after {@code publishTimeout} (the broker unreachable or restarting; a batch the broker refused as out of order)
     * comes back to its callback and waits in the republish queue, which reads the file again: records waiting in the
     * client past that would only be older versions of it.
     */
    private static Properties producerProps(String bootstrapServers, int maxMessageBytes, Duration publishTimeout) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Integer.toString(maxMessageBytes));
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        long timeout = publishTimeout.toMillis();
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, Long.toString(timeout));
        // The client requires delivery.timeout.ms >= linger.ms + request.timeout.ms (30 s by default).
        props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.min(30_000, timeout / 2)));
        // While the broker is away (a restart drops the topic's metadata) a send waits for it in the caller's thread,
        // the watcher's: not for the client's 60 s, since a failed send is retried anyway.
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(Math.min(MAX_BLOCK.toMillis(), timeout)));
        return props;
    }
}
