package kb.ingest.publish;

import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The generations this producer stamps on its events: the wall clock in microseconds, strictly increasing, and
 * never below a generation already on the topic. A generation must grow with every version of a document,
 * across restarts and even when the broker lost the topic's log (a truncated log restarts its offsets at 0, which
 * made every later edit look older than what was indexed). Microseconds leave room between two versions for the
 * sink's one-step version bumps.
 */
public final class GenerationClock {

    private final Clock clock;
    private final AtomicLong last;

    /** @param seen the highest generation read back from the topic (0 when none) */
    public GenerationClock(Clock clock, long seen) {
        this.clock = clock;
        this.last = new AtomicLong(seen);
    }

    public long next() {
        long now = TimeUnit.MILLISECONDS.toMicros(clock.millis());
        return last.updateAndGet(previous -> Math.max(now, previous + 1));
    }
}
