package kb.query.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class StageLagTest {

    /** A clock the test moves by hand. */
    private static final class ManualClock extends Clock {
        private Instant now = Instant.parse("2026-12-05T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void shouldExportRecordsBehindAndHowLongTheStageHasBeenBehind() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ManualClock clock = new ManualClock();
        StageLag lag = new StageLag("sink", "kb-indexer", registry, clock);
        lag.observe(0);
        clock.advance(Duration.ofSeconds(10));
        lag.observe(40);
        clock.advance(Duration.ofSeconds(30));
        lag.observe(25);
        assertEquals(
                25,
                registry.get("kb_stage_lag_records")
                        .tag("stage", "sink")
                        .gauge()
                        .value());
        assertEquals(
                40,
                registry.get("kb_stage_lag_seconds")
                        .tag("stage", "sink")
                        .gauge()
                        .value(),
                0.001);
        lag.observe(0);
        assertEquals(
                0,
                registry.get("kb_stage_lag_seconds")
                        .tag("stage", "sink")
                        .gauge()
                        .value());
    }
}
