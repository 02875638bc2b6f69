package kb.sink.write;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Capped exponential backoff with jitter, whose wait ends at once when the sink stops: sleeping it out
 * made a SIGTERM with Elasticsearch down take 28.5 s. Used by the sink thread; {@link #stop()} from any.
 */
public final class Backoff {

    private final long initialMillis;
    private final long maxMillis;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private long nextMillis;

    public Backoff(Duration initial, Duration max) {
        this.initialMillis = Math.min(initial.toMillis(), max.toMillis());
        this.maxMillis = max.toMillis();
        this.nextMillis = initialMillis;
    }

    /** The next attempt sequence starts from the initial delay again. */
    public void reset() {
        nextMillis = initialMillis;
    }

    /** The next delay, between half and all of the current step; the step doubles up to the cap. */
    public long nextDelayMillis() {
        long delay = ThreadLocalRandom.current().nextLong(nextMillis / 2, nextMillis + 1);
        nextMillis = Math.min(nextMillis * 2, maxMillis);
        return delay;
    }

    /** @return true after the whole delay, false as soon as the sink stops */
    public boolean await(long delayMillis) throws InterruptedException {
        return !stopped.await(delayMillis, TimeUnit.MILLISECONDS);
    }

    public void stop() {
        stopped.countDown();
    }
}
