package kb.sink.consume;

import java.time.Duration;
import java.util.Collection;
import java.util.Set;
import kb.core.runtime.Threads;
import kb.sink.config.SinkConfig;
import kb.sink.versions.IndexVersion;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink's reader of kb.chunks-live: a consumer of its own, in a group of its own per index version, asked
 * without waiting before each poll of the backlog and between the writes of one (a poll of a backlog is many
 * writes). The backlog's consumer is never paused for it: pausing it to poll the live topic alone on one consumer
 * sent every fetch while kb.chunks was paused, so kb.chunks was never fetched again (see
 * docs/decisions/live-edit-lane.md). Its records are written by the same writer, on the sink's loop thread (a
 * consumer is not thread-safe), and its offsets committed, like the backlog's, only after the write.
 */
public final class LiveChunks implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LiveChunks.class);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final SinkConfig config;
    private final CommitOffsets offsets;
    /** Replaced on the loop thread at a reindex; read by {@link #wakeup()} from the closing thread. */
    private volatile KafkaConsumer<String, byte[]> consumer;

    public LiveChunks(SinkConfig config, CommitOffsets offsets) {
        this.config = config;
        this.offsets = offsets;
    }

    /** Reads the live lane for this version (a reindex's new version starts its group anew). */
    public void open(IndexVersion version) {
        close();
        consumer = ChunkConsumers.createLive(config, version, new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                offsets.forget(partitions); // the next owner starts from what was committed
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
        });
    }

    /** The live records fetched so far, without waiting (the fetch itself waits on the broker, not here). */
    public ConsumerRecords<String, byte[]> poll() {
        return consumer.poll(Duration.ZERO);
    }

    public Set<TopicPartition> assignment() {
        return consumer.assignment();
    }

    /** Commits what was written of the live lane. */
    public void commitReady() {
        offsets.commitThrough(consumer);
    }

    /** While Elasticsearch is unavailable: nothing is handed out, the group membership is kept by polls. */
    public void pause() {
        consumer.pause(consumer.assignment());
    }

    /**
     * Polls while paused. A partition assigned during the wait is not paused yet: whatever it hands out is not dropped
     * but fetched again, since nothing of it was written.
     */
    public void keepAlive() {
        consumer.pause(consumer.assignment());
        ConsumerRecords<String, byte[]> handedOut = consumer.poll(Duration.ZERO);
        for (TopicPartition partition : handedOut.partitions()) {
            consumer.seek(partition, handedOut.records(partition).get(0).offset());
        }
        consumer.pause(consumer.assignment());
    }

    public void resume() {
        if (!consumer.paused().isEmpty()) {
            consumer.resume(consumer.paused());
        }
    }

    /** Ends a commit in progress when the sink closes. */
    public void wakeup() {
        KafkaConsumer<String, byte[]> current = consumer;
        if (current != null) {
            current.wakeup();
        }
    }

    /**
     * Leaves the group on this thread (the revocation forgets the lane's offsets here, not behind a reopened lane's
     * back) and closes in the background: the broker may hold the consumer's fetch for up to
     * {@link ChunkConsumers#LIVE_FETCH_WAIT_MILLIS}, and closing its fetch session waits behind it on the same
     * connection, which would hold up every stop and reindex by seconds.
     */
    @Override
    public void close() {
        KafkaConsumer<String, byte[]> closing = consumer;
        consumer = null;
        if (closing == null) {
            return;
        }
        try {
            closing.unsubscribe();
        } catch (RuntimeException e) {
            LOG.debug("the live lane left its group on close instead ({})", e.toString());
        }
        Threads.daemon("kb-live-lane-close", () -> closing.close(CloseOptions.timeout(CLOSE_TIMEOUT)))
                .start();
    }
}
