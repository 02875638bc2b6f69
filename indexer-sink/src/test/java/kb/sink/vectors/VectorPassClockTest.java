package kb.sink.vectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class VectorPassClockTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void shouldAddEachPhasesTimeUntilTheBacklogIsDrained() {
        AtomicLong now = new AtomicLong();
        VectorPassClock clock = new VectorPassClock(now::get);

        long since = clock.now();
        now.addAndGet(2 * SECOND);
        clock.spent(VectorPassClock.Phase.YIELD, since);
        since = clock.now();
        now.addAndGet(SECOND);
        clock.spent(VectorPassClock.Phase.EMBED, since);
        clock.embedded(32);
        since = clock.now();
        now.addAndGet(SECOND / 2);
        clock.spent(VectorPassClock.Phase.EMBED, since);
        clock.embedded(32);

        assertEquals(2.0, clock.of(VectorPassClock.Phase.YIELD), 1e-9);
        assertEquals(1.5, clock.of(VectorPassClock.Phase.EMBED), 1e-9);
        assertEquals(64, clock.chunks());
    }

    @Test
    void shouldStartAfreshWhenTheBacklogIsDrained() {
        AtomicLong now = new AtomicLong();
        VectorPassClock clock = new VectorPassClock(now::get);
        long since = clock.now();
        now.addAndGet(SECOND);
        clock.spent(VectorPassClock.Phase.SCAN, since);
        clock.embedded(5);

        clock.drained();

        assertEquals(0, clock.chunks());
        assertEquals(0.0, clock.of(VectorPassClock.Phase.SCAN), 1e-9);
    }
}
