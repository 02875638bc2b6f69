package kb.testkit;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import kb.core.Ids;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads a whole topic from the beginning, as raw records, for assertions on what a stage published. */
public final class TopicReader implements AutoCloseable {

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();

    public TopicReader(String bootstrapServers, String topic) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        consumer.subscribe(List.of(topic));
    }

    /** Everything read so far, after one more poll. */
    public List<ConsumerRecord<byte[], byte[]>> records() {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
        return List.copyOf(records);
    }

    /** Everything up to the end offsets as of this call (reads until caught up, within a deadline). */
    public List<ConsumerRecord<byte[], byte[]>> recordsToEnd() {
        long deadline = System.currentTimeMillis() + 30_000;
        while (consumer.assignment().isEmpty() && System.currentTimeMillis() < deadline) {
            consumer.poll(Duration.ofMillis(100)).forEach(records::add);
        }
        var end = consumer.endOffsets(consumer.assignment());
        while (System.currentTimeMillis() < deadline
                && end.entrySet().stream().anyMatch(e -> consumer.position(e.getKey()) < e.getValue())) {
            consumer.poll(Duration.ofMillis(100)).forEach(records::add);
        }
        return List.copyOf(records);
    }

    /** Keys (as text) of what was read so far; a null value shows as "key(deleted)". */
    public List<String> keys() {
        return records().stream()
                .map(r -> new String(r.key(), StandardCharsets.UTF_8) + (r.value() == null ? "(deleted)" : ""))
                .toList();
    }

    /** The keys of one collection's file events ({@code collection:path}) as paths, in order; others left out. */
    public List<String> keysIn(String collection) {
        String prefix = Ids.fileKey(collection, "");
        return keys().stream()
                .filter(k -> k.startsWith(prefix))
                .map(k -> k.substring(prefix.length()))
                .toList();
    }

    @Override
    public void close() {
        consumer.close();
    }
}
