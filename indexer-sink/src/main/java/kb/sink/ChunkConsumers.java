package kb.sink;

import java.util.Collection;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The sink's consumers: of kb.chunks, one group per index version, and of kb.chunks-live, one more per version. */
final class ChunkConsumers {

    /** For a consumer with nothing to do when its partitions move. */
    static final ConsumerRebalanceListener NO_LISTENER = new ConsumerRebalanceListener() {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {}

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
    };

    private ChunkConsumers() {}

    /** The version's consumer of kb.chunks, the complete log (a replay and the lag read it). */
    static KafkaConsumer<String, byte[]> create(
            SinkConfig config, IndexVersion version, ConsumerRebalanceListener listener) {
        return create(
                config,
                config.groups().forVersion(version.number()),
                config.common().topics().chunks().name(),
                listener);
    }

    /**
     * The version's consumer of kb.chunks-live: a person's edit, copied there, overtakes the backlog on kb.chunks
     * (generations decide between a copy and its original, whichever comes second).
     */
    static KafkaConsumer<String, byte[]> createLive(
            SinkConfig config, IndexVersion version, ConsumerRebalanceListener listener) {
        return create(
                config,
                config.groups().liveForVersion(version.number()),
                config.common().topics().chunksLive().name(),
                listener);
    }

    /** Auto-commit off: offsets move only after Elasticsearch confirmed what they cover. */
    private static KafkaConsumer<String, byte[]> create(
            SinkConfig config, String group, String topic, ConsumerRebalanceListener listener) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.common().bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(config.maxBatchRecords()));
        props.put(
                ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
                Integer.toString(config.common().topics().maxMessageBytes()));
        props.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, "600000");
        props.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "3000");
        props.put(ConsumerConfig.CONNECTIONS_MAX_IDLE_MS_CONFIG, "900000");
        KafkaConsumer<String, byte[]> created =
                new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer());
        created.subscribe(List.of(topic), listener);
        return created;
    }
}
