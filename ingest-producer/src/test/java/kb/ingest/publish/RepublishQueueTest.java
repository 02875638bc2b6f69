package kb.ingest.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kb.ingest.testing.ManualClock;
import org.junit.jupiter.api.Test;

class RepublishQueueTest {

    private final ManualClock clock = new ManualClock();
    private final RepublishQueue queue = new RepublishQueue(clock);

    @Test
    void shouldRetryInRoundsWhoseBackoffDoublesUpToTheCapWhenSendsKeepFailing() {
        assertTrue(queue.failed("a.md"), "the first failure is worth a warning");
        assertFalse(queue.failed("b.md"), "the ones after it are not");
        long expected = 1000;
        for (int round = 0; round < 8; round++) {
            clock.millis += expected - 1;
            assertEquals(List.of(), queue.takeDue(), "round " + round + " not due yet");
            clock.millis += 1;
            assertEquals(
                    List.of("a.md", "b.md"), queue.takeDue().stream().sorted().toList());
            queue.issued("a.md");
            queue.issued("b.md");
            assertEquals(2, queue.size(), "sent again, not landed: still waiting");
            queue.failed("a.md");
            queue.failed("b.md");
            expected = Math.min(expected * 2, RepublishQueue.MAX_BACKOFF.toMillis());
        }
        assertEquals(RepublishQueue.MAX_BACKOFF.toMillis(), expected);
    }

    @Test
    void shouldStartFromTheBottomAndAskForAReconciliationOnceASendLands() {
        queue.failed("a.md");
        queue.failed("b.md");
        clock.millis += 1000;
        queue.takeDue();
        queue.issued("a.md");
        queue.issued("b.md");
        queue.failed("b.md"); // 2 s from now
        queue.landed("a.md");
        assertEquals(1, queue.size());
        assertTrue(queue.takeRecovery(), "sends work again: the folder is compared once");
        assertFalse(queue.takeRecovery());
        assertEquals(List.of("b.md"), queue.takeDue(), "the rest goes at once");
        queue.failed("b.md");
        clock.millis += 1000;
        assertEquals(List.of("b.md"), queue.takeDue(), "the backoff started again from 1 s");
    }

    @Test
    void shouldBeDoneWithAPathWhenReadingItAgainSentNothing() {
        queue.failed("a.md");
        queue.failed("b.md");
        clock.millis += 1000;
        queue.takeDue();
        queue.settle("a.md"); // nothing differed: a newer send went meanwhile
        queue.issued("b.md");
        queue.settle("b.md"); // sent again: its outcome decides
        assertFalse(queue.contains("a.md"));
        assertTrue(queue.contains("b.md"));
        queue.landed("b.md");
        assertEquals(0, queue.size());
        assertEquals(500, queue.millisUntilDue(500), "nothing waits");
    }

    @Test
    void shouldLetOnlyTheFirstSendOfARoundGoWhenSendsFail() {
        assertFalse(queue.holdBack(), "sends work: nothing is held back");
        queue.failed("a.md");
        queue.failed("b.md");
        assertTrue(queue.holdBack(), "failing, and no round started: every send waits");
        clock.millis += 1000;
        queue.takeDue();
        assertFalse(queue.holdBack(), "the round's first send goes: it probes the broker");
        assertTrue(queue.holdBack(), "the others wait for its outcome");
        queue.landed("a.md");
        assertFalse(queue.holdBack(), "sends work again");
    }
}
