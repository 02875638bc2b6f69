package kb.sink.upkeep;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import kb.core.UpkeepState;
import org.junit.jupiter.api.Test;

class UpkeepRunnerTest {

    /** A force merge refused near the disk watermark: shown, retried after a growing pause, then ok again. */
    @Test
    void shouldShowAFailingUpkeepAndRetryItWithBackoffWhenMergesAreRefused() {
        AtomicLong attempts = new AtomicLong();
        AtomicBoolean refused = new AtomicBoolean(true);
        UpkeepRunner.Upkeep upkeep = () -> {
            attempts.incrementAndGet();
            if (refused.get()) {
                throw new IOException("disk usage exceeded flood-stage watermark");
            }
            return UpkeepRunner.Outcome.TIDY;
        };
        Instant start = Instant.parse("2026-12-07T07:00:00Z");
        AtomicLong millis = new AtomicLong(start.toEpochMilli());
        List<UpkeepState> told = new ArrayList<>();
        try (UpkeepRunner runner = new UpkeepRunner(upkeep, new TickingClock(millis))) {
            runner.onChange(told::add);
            runner.attempt();
            assertEquals("failing", runner.state().state());
            assertEquals(start, runner.state().failingSince());
            assertTrue(
                    runner.state().reason().contains("flood-stage"),
                    runner.state().reason());
            assertTrue(runner.state().describe().contains("flood-stage"));
            for (int i = 0; i < 10; i++) {
                runner.attempt(); // drained backlogs and periods, seconds apart
                millis.addAndGet(1000);
            }
            assertEquals(1, attempts.get(), "not retried within the first pause");
            millis.addAndGet(UpkeepRunner.FIRST_RETRY.toMillis());
            runner.attempt();
            assertEquals(2, attempts.get());
            assertEquals(2, runner.state().failures());
            assertEquals(start, runner.state().failingSince());
            assertEquals(Duration.ofSeconds(60), UpkeepRunner.pause(2));
            assertEquals(UpkeepRunner.MAX_RETRY, UpkeepRunner.pause(30));
            refused.set(false); // space freed
            millis.addAndGet(UpkeepRunner.pause(2).toMillis());
            runner.attempt();
            assertEquals("ok", runner.state().state());
            assertEquals(
                    List.of("failing", "failing", "ok"),
                    told.stream().map(UpkeepState::state).toList());
        }
    }

    @Test
    void shouldTidyAtOnceWhenTheVectorPassDrainsABacklog() {
        AtomicLong attempts = new AtomicLong();
        try (UpkeepRunner runner = new UpkeepRunner(() -> merged(attempts), Clock.systemUTC())) {
            runner.vectorPassDrained(); // not started: no period, only the drained backlog asks
            await().atMost(Duration.ofSeconds(10)).until(() -> attempts.get() == 1);
            assertEquals("ok", runner.state().state());
        }
    }

    /** A delete or rename needs no vector, so no drained backlog follows it: the upkeep looks a moment later. */
    @Test
    void shouldTidyOnceSoonAfterABurstOfWritesThatNeedNoVector() {
        AtomicLong attempts = new AtomicLong();
        try (UpkeepRunner runner = new UpkeepRunner(() -> merged(attempts), Clock.systemUTC())) {
            long asked = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                runner.indexChanged(); // not started: no period, only the writes ask
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> attempts.get() == 1);
            assertTrue(System.nanoTime() - asked >= UpkeepRunner.AFTER_WRITE.toNanos(), "the burst is awaited");
            runner.indexChanged();
            await().atMost(Duration.ofSeconds(10)).until(() -> attempts.get() == 2);
            await().during(UpkeepRunner.AFTER_WRITE.multipliedBy(2))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> attempts.get() == 2);
        }
    }

    /** A merge running when deleted versions remain: the upkeep looks again soon rather than at the next period. */
    @Test
    void shouldLookAgainSoonWhenDeletedVersionsWaitBehindARunningMerge() {
        AtomicLong attempts = new AtomicLong();
        UpkeepRunner.Upkeep busyTwice =
                () -> attempts.incrementAndGet() <= 2 ? UpkeepRunner.Outcome.BUSY : UpkeepRunner.Outcome.MERGED;
        try (UpkeepRunner runner = new UpkeepRunner(busyTwice, Clock.systemUTC())) {
            runner.vectorPassDrained();
            await().atMost(Duration.ofSeconds(10)).until(() -> attempts.get() == 3);
            await().during(UpkeepRunner.AFTER_WRITE.multipliedBy(2))
                    .atMost(Duration.ofSeconds(10))
                    .until(() -> attempts.get() == 3);
        }
    }

    /** Elasticsearch keeps soft-deleted versions until its retention lease moves: the upkeep looks until they go. */
    @Test
    void shouldLookAgainWhileElasticsearchRetainsTheDeletedVersions() {
        AtomicLong attempts = new AtomicLong();
        UpkeepRunner.Upkeep retainedTwice =
                () -> attempts.incrementAndGet() <= 2 ? UpkeepRunner.Outcome.RETAINED : UpkeepRunner.Outcome.MERGED;
        try (UpkeepRunner runner = new UpkeepRunner(retainedTwice, Clock.systemUTC())) {
            runner.vectorPassDrained();
            await().atMost(UpkeepRunner.RETAINED_LOOK.multipliedBy(4)).until(() -> attempts.get() == 3);
            await().during(UpkeepRunner.RETAINED_LOOK.plusSeconds(1))
                    .atMost(Duration.ofSeconds(20))
                    .until(() -> attempts.get() == 3);
        }
    }

    private static UpkeepRunner.Outcome merged(AtomicLong attempts) {
        attempts.incrementAndGet();
        return UpkeepRunner.Outcome.MERGED;
    }

    /** A clock the test moves. */
    private static final class TickingClock extends Clock {
        private final AtomicLong millis;

        TickingClock(AtomicLong millis) {
            this.millis = millis;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis.get());
        }
    }
}
