package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class DebouncerTest {

    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        long millis;

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }
    }

    @Test
    void shouldEmitABurstOfWritesOnceAfterItGoesQuiet() {
        ManualClock clock = new ManualClock();
        Debouncer debouncer = new Debouncer(clock, Duration.ofMillis(100));
        debouncer.touch("a.md");
        clock.millis = 50;
        debouncer.touch("a.md");
        clock.millis = 120;
        assertEquals(List.of(), debouncer.takeDue());
        clock.millis = 150;
        assertEquals(List.of("a.md"), debouncer.takeDue());
        assertEquals(List.of(), debouncer.takeDue());
    }

    @Test
    void shouldGiveTheDuePathsTheOneTouchedLastFirst() {
        ManualClock clock = new ManualClock();
        Debouncer debouncer = new Debouncer(clock, Duration.ofMillis(100));
        debouncer.touch("a.md");
        clock.millis = 10;
        debouncer.touch("b.md");
        clock.millis = 20;
        debouncer.touch("a.md");
        clock.millis = 30;
        debouncer.touch("c.md");
        clock.millis = 200;
        assertEquals(List.of("c.md", "a.md", "b.md"), debouncer.takeDue());
    }

    @Test
    void shouldWaitOnlyUntilTheNextDuePath() {
        ManualClock clock = new ManualClock();
        Debouncer debouncer = new Debouncer(clock, Duration.ofMillis(100));
        assertEquals(500, debouncer.millisUntilNextDue(500));
        debouncer.touch("a.md");
        clock.millis = 30;
        assertEquals(70, debouncer.millisUntilNextDue(500));
    }
}
