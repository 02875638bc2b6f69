package kb.query.status;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One stage's lag as our own metrics, from the committed offsets the status already reads (not the Kafka client's
 * {@code records_lag}, which only exists while a consumer is fetching): {@code kb_stage_lag_records} (records the
 * stage's group has not committed yet) and {@code kb_stage_lag_seconds} (how long the stage has had records
 * waiting: 0 when caught up, growing while it stays behind). Thread-safe: written by the status observer, read by
 * the scrape.
 */
final class StageLag {

    private final Clock clock;
    private final AtomicLong records = new AtomicLong();
    /** When the stage was last seen with nothing waiting; it stays while records wait, so the seconds grow. */
    private final AtomicLong caughtUpAt;

    StageLag(String stage, String group, MeterRegistry registry, Clock clock) {
        this.clock = clock;
        this.caughtUpAt = new AtomicLong(clock.millis());
        Gauge.builder("kb_stage_lag_records", records, AtomicLong::get)
                .tag("stage", stage)
                .tag("group", group)
                .description("records the stage's consumer group has not committed yet")
                .register(registry);
        Gauge.builder("kb_stage_lag_seconds", this, StageLag::seconds)
                .tag("stage", stage)
                .tag("group", group)
                .description("seconds the stage has had records waiting (0 when caught up)")
                .register(registry);
    }

    void observe(long lag) {
        records.set(lag);
        if (lag == 0) {
            caughtUpAt.set(clock.millis());
        }
    }

    double seconds() {
        return records.get() == 0 ? 0 : (clock.millis() - caughtUpAt.get()) / 1000.0;
    }
}
