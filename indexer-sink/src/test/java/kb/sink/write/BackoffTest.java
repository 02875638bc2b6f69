package kb.sink.write;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void shouldEndTheWaitAtOnceWhenStoppedDuringALongDelay() throws Exception {
        Backoff backoff = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(30));
        CompletableFuture<Boolean> waited = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            try {
                waited.complete(backoff.await(30_000));
            } catch (InterruptedException e) {
                waited.completeExceptionally(e);
            }
        });
        waiter.start();
        // Stop once the waiter is inside the 30 s wait: a condition, not a guess at how long starting takes.
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (waiter.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertTrue(waiter.getState() == Thread.State.TIMED_WAITING, "the waiter never started waiting");
        long start = System.nanoTime();
        backoff.stop();
        assertFalse(waited.get(10, TimeUnit.SECONDS), "a stopped backoff reports it did not wait the delay out");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, millis + " ms");
        waiter.join();
    }

    @Test
    void shouldDoubleUpToTheCapWithJitterAndStartOverWhenReset() {
        Backoff backoff = new Backoff(Duration.ofMillis(200), Duration.ofMillis(1000));
        long[] bounds = {200, 400, 800, 1000, 1000};
        for (long bound : bounds) {
            long delay = backoff.nextDelayMillis();
            assertTrue(delay >= bound / 2 && delay <= bound, delay + " for a step of " + bound);
        }
        backoff.reset();
        assertTrue(backoff.nextDelayMillis() <= 200);
    }
}
