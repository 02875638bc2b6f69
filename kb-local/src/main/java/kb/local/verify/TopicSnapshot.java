package kb.local.verify;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kb.core.topics.TopicSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** A compacted topic read from the beginning to its current end: the latest value per key, tombstones removed. */
final class TopicSnapshot {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private TopicSnapshot() {}

    static <K, V> Map<K, V> latest(String bootstrapServers, TopicSpec<K, V> topic) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        // Only committed records: an aborted Streams transaction is not part of the log.
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Integer.toString(16 * 1024 * 1024));
        Map<K, V> latest = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name(), TIMEOUT).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
            Instant deadline = Instant.now().plus(TIMEOUT);
            while (!caughtUp(consumer, end)) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("could not read " + topic.name() + " to its end within " + TIMEOUT);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    apply(topic, record, latest);
                }
            }
        }
        return latest;
    }

    /** An undecodable record is what the stages dead-letter; it is no document, so it is skipped here too. */
    private static <K, V> void apply(TopicSpec<K, V> topic, ConsumerRecord<byte[], byte[]> record, Map<K, V> latest) {
        K key;
        V value;
        try {
            key = topic.keySerde().deserializer().deserialize(topic.name(), record.key());
            value = topic.valueSerde().deserializer().deserialize(topic.name(), record.value());
        } catch (SerializationException e) {
            return;
        }
        if (value == null) {
            latest.remove(key);
        } else {
            latest.put(key, value);
        }
    }

    private static boolean caughtUp(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }
}
