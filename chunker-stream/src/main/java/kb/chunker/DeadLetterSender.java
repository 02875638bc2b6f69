package kb.chunker;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.Threads;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the dead letters of production errors on a producer and thread of its own. Kafka Streams calls the
 * production handler on its producer's I/O thread: dead letters handed back to Streams from there are sent
 * from that same thread, which waits for the dead-letter topic's metadata that only it could fetch (60 s
 * lost, then the letter too). Here the handler only enqueues.
 */
public final class DeadLetterSender implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterSender.class);

    private final KafkaProducer<byte[], byte[]> producer;
    private final ExecutorService thread =
            Executors.newSingleThreadExecutor(Threads.workerFactory("kb-chunker-dead-letters"));

    public DeadLetterSender(String bootstrapServers, int maxMessageBytes) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        // A retried send must not write the letter twice, nor reorder letters of one key.
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, Integer.toString(maxMessageBytes));
        props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        this.producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** Never blocks the caller. */
    void send(ProducerRecord<byte[], byte[]> letter) {
        thread.execute(() -> producer.send(letter, (metadata, error) -> {
            if (error != null) {
                LOG.error("could not write a dead letter to {}", letter.topic(), error);
            }
        }));
    }

    @Override
    public void close() throws InterruptedException {
        thread.shutdown();
        thread.awaitTermination(10, TimeUnit.SECONDS);
        producer.close(Duration.ofSeconds(10));
    }
}
