package kb.sink.vectors;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the vector pass's wall time goes while it drains a backlog: the pipeline's throughput is measured against
 * the embedder alone, and the time the pass spends on anything but embedding is what it loses. One line is logged
 * each time a backlog is drained (docs/decisions/vector-pace.md).
 */
public final class VectorPassClock {

    private static final Logger LOG = LoggerFactory.getLogger(VectorPassClock.class);

    /** What the pass's thread was doing. */
    enum Phase {
        /** Asking the index for the next chunks without a vector. */
        SCAN,
        /** Looking up stored vectors and embedding the rest (the embedder's own time). */
        EMBED,
        /** Waiting for the previous slice's update to be confirmed. */
        UPDATE,
        /** Leaving the CPU to a backlog of text being written. */
        YIELD
    }

    private final LongSupplier nanoTime;
    private final Map<Phase, Long> spent = new EnumMap<>(Phase.class);
    private long chunks;
    private long backlogStart = -1;

    VectorPassClock(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    long now() {
        return nanoTime.getAsLong();
    }

    /** Adds the time since {@code since} (a {@link #now()}) to a phase; the first call starts a backlog. */
    void spent(Phase phase, long since) {
        if (backlogStart < 0) {
            backlogStart = since;
        }
        spent.merge(phase, now() - since, Long::sum);
    }

    void embedded(int count) {
        chunks += count;
    }

    /** The backlog is drained: logs where its time went and starts afresh. */
    void drained() {
        if (chunks == 0) {
            reset();
            return;
        }
        double wall = (now() - backlogStart) / 1e9;
        LOG.info(
                "vector pass: {} chunks in {} s: embedding {} s, scans {} s, waiting for updates {} s, yielding to"
                        + " text {} s, the rest {} s",
                chunks,
                seconds(wall),
                seconds(of(Phase.EMBED)),
                seconds(of(Phase.SCAN)),
                seconds(of(Phase.UPDATE)),
                seconds(of(Phase.YIELD)),
                seconds(wall
                        - spent.values().stream().mapToLong(Long::longValue).sum() / 1e9));
        reset();
    }

    /** Seconds spent in a phase since the backlog started. */
    double of(Phase phase) {
        return spent.getOrDefault(phase, 0L) / 1e9;
    }

    long chunks() {
        return chunks;
    }

    private void reset() {
        spent.clear();
        chunks = 0;
        backlogStart = -1;
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1f", s);
    }
}
