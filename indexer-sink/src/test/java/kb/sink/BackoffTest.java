package kb.sink;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

    @Test
    void shouldEndTheWaitAtOnceWhenStoppedDuringALongDelay() throws Exception {
        Backoff backoff = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(30));
        Thread stopper = new Thread(() -> {
            sleepQuietly(200);
            backoff.stop();
        });
        stopper.start();
        long start = System.nanoTime();
        assertFalse(backoff.await(30_000), "a stopped backoff reports it did not wait the delay out");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 5_000, millis + " ms");
        stopper.join();
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

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
