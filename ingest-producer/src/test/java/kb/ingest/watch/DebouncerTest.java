package kb.ingest.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import kb.ingest.testing.ManualClock;
import org.junit.jupiter.api.Test;

class DebouncerTest {

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
