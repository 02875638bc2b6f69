package kb.ingest.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kb.ingest.testing.ManualClock;
import org.junit.jupiter.api.Test;

class LiveBudgetTest {

    @Test
    void shouldCopyABurstOnlyUpToItsBudgetAndAPersonsNextSaveSoonAfter() {
        ManualClock clock = new ManualClock();
        LiveBudget budget = new LiveBudget(clock);
        int copied = 0;
        for (int file = 0; file < 2000; file++) {
            copied += budget.take() ? 1 : 0;
        }
        assertEquals(LiveBudget.BURST, copied, "a sync of 2,000 files at once: only the burst is copied");
        assertFalse(budget.take());
        clock.millis += (long) (1000 / LiveBudget.PER_SECOND);
        assertTrue(budget.take(), "a save an eighth of a second after the burst is copied");
    }

    @Test
    void shouldCopyEverySaveAtAPersonsPace() {
        ManualClock clock = new ManualClock();
        LiveBudget budget = new LiveBudget(clock);
        for (int save = 0; save < 1000; save++) {
            assertTrue(budget.take(), "save " + save);
            clock.millis += 500;
        }
    }
}
