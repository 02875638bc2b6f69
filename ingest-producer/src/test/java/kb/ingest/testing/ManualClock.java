package kb.ingest.testing;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

/** A clock the test moves by hand: its time is {@link #millis} since the epoch. */
public final class ManualClock extends Clock {

    public long millis;

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
