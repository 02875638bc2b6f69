package kb.sink.consume;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RetriableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the sink may commit per partition while large documents are written beside the main loop: up to the
 * offset the main loop has confirmed, but never past the oldest large record still being written, so a crash
 * redelivers it (and whatever followed it; rewriting those is idempotent). Thread-safe: the main loop confirms
 * and commits, the large-document lane reports its records written.
 */
public final class CommitOffsets {

    private static final Logger LOG = LoggerFactory.getLogger(CommitOffsets.class);

    /** Per partition, the offset after the last record the main loop has handled (written or handed over). */
    private final Map<TopicPartition, Long> confirmed = new HashMap<>();
    /** Per partition, the offsets of large records handed to the lane and not written yet. */
    private final Map<TopicPartition, TreeSet<Long>> pending = new HashMap<>();

    private final Map<TopicPartition, Long> committed = new HashMap<>();
    /** Set while commits fail with a retriable error: logged when it starts and when it ends. */
    private volatile boolean commitsWaiting;

    /** A large record was handed to the lane: nothing at or after it is committed until it is written. */
    public synchronized void pending(TopicPartition partition, long offset) {
        pending.computeIfAbsent(partition, p -> new TreeSet<>()).add(offset);
    }

    public synchronized void written(TopicPartition partition, long offset) {
        TreeSet<Long> offsets = pending.get(partition);
        if (offsets != null) {
            offsets.remove(offset);
        }
    }

    /** The main loop handled every record before these (next) offsets. */
    public synchronized void confirmed(Map<TopicPartition, Long> nextOffsets) {
        nextOffsets.forEach((partition, next) -> confirmed.merge(partition, next, Math::max));
    }

    /** Per partition whose commit point moved since the last commit: the offset to commit now. */
    public synchronized Map<TopicPartition, Long> committable() {
        Map<TopicPartition, Long> ready = new HashMap<>();
        confirmed.forEach((partition, next) -> {
            TreeSet<Long> waiting = pending.get(partition);
            long upTo = waiting == null || waiting.isEmpty() ? next : Math.min(next, waiting.first());
            if (upTo > committed.getOrDefault(partition, -1L)) {
                ready.put(partition, upTo);
            }
        });
        return ready;
    }

    /**
     * Commits, through the consumer that owns them, the partitions whose commit point moved. A commit the broker
     * cannot take now (away, restarting: a retriable error such as a timeout) is tried again at the next call: what
     * was written stays written, and a crash meanwhile only redelivers records whose writes are idempotent, so a
     * broker's outage never stops the sink.
     */
    public void commitThrough(Consumer<?, ?> consumer) {
        Map<TopicPartition, Long> ready = committable();
        ready.keySet().retainAll(consumer.assignment());
        if (ready.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> commit = new HashMap<>();
        ready.forEach((partition, next) -> commit.put(partition, new OffsetAndMetadata(next)));
        try {
            consumer.commitSync(commit);
        } catch (RetriableException e) {
            if (!commitsWaiting) {
                LOG.warn("offsets not committed, tried again with the next batch: {}", e.toString());
            }
            commitsWaiting = true;
            return;
        }
        if (commitsWaiting) {
            LOG.info("offsets committed again");
            commitsWaiting = false;
        }
        committed(ready);
    }

    public synchronized void committed(Map<TopicPartition, Long> offsets) {
        offsets.forEach((partition, offset) -> committed.merge(partition, offset, Math::max));
    }

    /** Large records handed to the lane and not written yet, on every partition. */
    public synchronized int pendingCount() {
        return pending.values().stream().mapToInt(TreeSet::size).sum();
    }

    /** Partitions this consumer no longer owns (or a new group): their next owner starts from the commit. */
    public synchronized void forget(Collection<TopicPartition> partitions) {
        partitions.forEach(p -> {
            confirmed.remove(p);
            pending.remove(p);
            committed.remove(p);
        });
    }
}
