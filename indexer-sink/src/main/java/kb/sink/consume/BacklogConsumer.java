package kb.sink.consume;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import kb.sink.config.SinkConfig;
import kb.sink.versions.IndexVersion;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The sink's consumer of kb.chunks, in the group of the index version being written; a reindex replaces it by one
 * in the new version's group. Used on the sink's loop thread (a consumer is not thread-safe), except
 * {@link #wakeup()}, which the closing thread calls to end a poll or a commit.
 */
public final class BacklogConsumer {

    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final SinkConfig config;
    private final CommitOffsets offsets;
    private final MeterRegistry registry;
    /** Replaced on the loop thread at a reindex; read by {@link #wakeup()} from the closing thread. */
    private volatile KafkaConsumer<String, byte[]> consumer;

    private KafkaClientMetrics metrics;

    public BacklogConsumer(SinkConfig config, CommitOffsets offsets, MeterRegistry registry) {
        this.config = config;
        this.offsets = offsets;
        this.registry = registry;
    }

    /** Joins the version's group; revoked partitions forget what was pending on them. */
    public void open(IndexVersion version) {
        KafkaConsumer<String, byte[]> created = ChunkConsumers.create(config, version, new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                offsets.forget(partitions); // the next owner starts from what was committed
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
        });
        closeMetrics();
        metrics = new KafkaClientMetrics(created);
        metrics.bindTo(registry);
        consumer = created;
    }

    /** Leaves the current version's group and joins the new version's, which starts from the beginning. */
    public void reopen(IndexVersion version) {
        close();
        open(version);
    }

    public ConsumerRecords<String, byte[]> poll(Duration wait) {
        return consumer.poll(wait);
    }

    public Set<TopicPartition> assignment() {
        return consumer.assignment();
    }

    /** Commits each partition as far as {@link CommitOffsets} allows. */
    public void commitReady() {
        offsets.commitThrough(consumer);
    }

    /** Whether partitions are assigned and each is read to its end. */
    public boolean caughtUp() {
        if (consumer.assignment().isEmpty()) {
            return false;
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(consumer.assignment());
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    /** While Elasticsearch is unavailable: nothing is handed out. */
    public void pause() {
        consumer.pause(consumer.assignment());
    }

    /** Polls while paused, which keeps the group membership alive. */
    public void keepAlive() {
        consumer.poll(Duration.ZERO);
    }

    /** @return whether partitions were paused (and are now resumed) */
    public boolean resume() {
        if (consumer.paused().isEmpty()) {
            return false;
        }
        consumer.resume(consumer.paused());
        return true;
    }

    /** Ends a poll or commit in progress when the sink closes; a no-op before the sink started. */
    public void wakeup() {
        KafkaConsumer<String, byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    /** Leaves the group (the consumer's metrics stay bound until {@link #closeMetrics()}). */
    public void close() {
        consumer.close(CloseOptions.timeout(CLOSE_TIMEOUT));
    }

    public void closeMetrics() {
        if (metrics != null) {
            metrics.close();
        }
    }
}
