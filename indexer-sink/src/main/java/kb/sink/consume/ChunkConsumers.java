package kb.sink.consume;

import java.util.Collection;
import java.util.List;
import java.util.Properties;
import kb.sink.config.SinkConfig;
import kb.sink.versions.IndexVersion;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The sink's consumers: of kb.chunks, one group per index version, and of kb.chunks-live, one more per version. */
public final class ChunkConsumers {

    /** For a consumer with nothing to do when its partitions move. */
    public static final ConsumerRebalanceListener NO_LISTENER = new ConsumerRebalanceListener() {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {}

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
    };

    private ChunkConsumers() {}

    /** The version's consumer of kb.chunks, the complete log (a replay and the lag read it). */
    public static KafkaConsumer<String, byte[]> create(
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
    public static KafkaConsumer<String, byte[]> createLive(
            SinkConfig config, IndexVersion version, ConsumerRebalanceListener listener) {
        Properties props = properties(config, config.groups().liveForVersion(version.number()));
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Integer.toString(LIVE_FETCH_WAIT_MILLIS));
        return subscribed(props, config.common().topics().chunksLive().name(), listener);
    }

    /**
     * How long the live consumer's fetch waits on the broker for a copy. It is asked only between the backlog's
     * writes, which take seconds under load, and a fetch answered (empty) meanwhile is sent again only at the next
     * ask: with the default 500 ms, a copy arriving during a write waited for the next write as well. A fetch
     * outstanding for the whole write is answered the moment the copy arrives, and the next ask reads it. Below the
     * request timeout (30 s), which would otherwise cut the fetch.
     */
    static final int LIVE_FETCH_WAIT_MILLIS = 10_000;

    private static KafkaConsumer<String, byte[]> create(
            SinkConfig config, String group, String topic, ConsumerRebalanceListener listener) {
        return subscribed(properties(config, group), topic, listener);
    }

    private static KafkaConsumer<String, byte[]> subscribed(
            Properties props, String topic, ConsumerRebalanceListener listener) {
        KafkaConsumer<String, byte[]> created =
                new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer());
        created.subscribe(List.of(topic), listener);
        return created;
    }

    /** Auto-commit off: offsets move only after Elasticsearch confirmed what they cover. */
    private static Properties properties(SinkConfig config, String group) {
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
        return props;
    }
}
