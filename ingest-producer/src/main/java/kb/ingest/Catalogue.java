package kb.ingest;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import kb.core.FileEvent;
import kb.core.TopicSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * What the index holds, as far as the producer knows: relative path → content hash of the last version
 * published. Loaded from the compacted {@code kb.file-events} topic at start, so a restart publishes only
 * what changed while the producer was down.
 */
public final class Catalogue {

    private final Map<String, String> hashes = new ConcurrentHashMap<>();

    public static Catalogue load(String bootstrapServers, TopicSpec<String, FileEvent> topic) {
        Catalogue catalogue = new Catalogue();
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        try (KafkaConsumer<String, FileEvent> consumer = new KafkaConsumer<>(props,
                topic.keySerde().deserializer(), topic.valueSerde().deserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name(), Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (!caughtUp(consumer, end)) {
                for (ConsumerRecord<String, FileEvent> record : consumer.poll(Duration.ofMillis(200))) {
                    catalogue.apply(record.key(), record.value());
                }
            }
        }
        return catalogue;
    }

    private static boolean caughtUp(KafkaConsumer<?, ?> consumer, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    void apply(String path, FileEvent event) {
        if (event == null || event.op() == FileEvent.Op.DELETE) {
            hashes.remove(path);
        } else {
            hashes.put(path, event.sha256());
        }
    }

    public boolean isCurrent(String path, String sha256) {
        return sha256.equals(hashes.get(path));
    }

    public boolean contains(String path) {
        return hashes.containsKey(path);
    }

    public void put(String path, String sha256) {
        hashes.put(path, sha256);
    }

    public void remove(String path) {
        hashes.remove(path);
    }

    public Set<String> paths() {
        return Set.copyOf(hashes.keySet());
    }
}
