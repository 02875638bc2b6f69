package kb.query.calibration;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import kb.core.UpkeepState;
import kb.query.search.corpus.GateThreshold;
import kb.query.search.terms.Script;
import kb.search.embed.Embeddings;
import kb.testkit.StubEmbedder;
import org.junit.jupiter.api.Test;

class GateCalibratorTest {

    @Test
    void shouldBeSettledOnlyOnceMeasuredOnTheEmbeddedChunksAsTheyAreNow() {
        AtomicLong embedded = new AtomicLong(100);
        try (GateCalibrator gate = calibrator(embedded, OptionalDouble.empty())) {
            assertFalse(gate.settled(), "nothing measured yet");
            gate.refresh();
            assertTrue(gate.settled());
            assertEquals("calibrated", gate.current().source());
            embedded.set(250); // the vector pass goes on after the text is complete
            assertFalse(gate.settled(), "measured on 100 of 250 embedded chunks");
            gate.refresh();
            assertTrue(gate.settled());
        }
    }

    @Test
    void shouldMeasureAgainWhenOnlyTheDocumentCountChanged() {
        AtomicLong embedded = new AtomicLong(1);
        AtomicLong documents = new AtomicLong(2); // the deleted document's card not refreshed away yet
        try (GateCalibrator gate = new GateCalibrator(
                Embeddings.single(new StubEmbedder("stub", 8)),
                vectors -> Collections.nCopies(vectors.size(), OptionalDouble.of(0.5)),
                documents::get,
                embedded::get,
                GateCalibrator.Tidiness.ALWAYS,
                new GateCalibrator.Thresholds(0.6, OptionalDouble.empty(), CalibrationStore.NONE),
                Clock.systemUTC())) {
            gate.refresh();
            assertEquals(2, gate.current().documents());
            documents.set(1); // its card's deletion becomes visible a refresh later
            assertFalse(gate.settled(), "measured on a document that is gone");
            gate.refresh();
            assertEquals(1, gate.current().documents());
            assertTrue(gate.settled());
        }
    }

    @Test
    void shouldBeSettledOnlyOnceTheIndexIsTidy() {
        AtomicLong embedded = new AtomicLong(100);
        AtomicBoolean untidy = new AtomicBoolean(true); // deleted versions left, say
        try (GateCalibrator gate = calibrator(embedded, () -> !untidy.get(), OptionalDouble.empty())) {
            gate.refresh();
            assertFalse(gate.settled(), "measured, but the index holds deleted versions");
            untidy.set(false); // the sink's upkeep merged them away
            assertTrue(gate.settled());
            untidy.set(true); // a chunk written again with the same vector: no new measurement due
            assertFalse(gate.settled(), "measured, but the index holds deleted versions");
            untidy.set(false);
            assertTrue(gate.settled());
        }
    }

    @Test
    void shouldKeepAConfiguredThresholdAndStillMeasureTheCorpus() {
        try (GateCalibrator gate = calibrator(new AtomicLong(70), OptionalDouble.of(0.7))) {
            assertFalse(gate.settled(), "the corpus not measured yet");
            gate.refresh();
            assertTrue(gate.settled());
            assertEquals(0.7, gate.current().minCosine().values().iterator().next());
            assertEquals("configured", gate.current().source());
            assertEquals(7.0, gate.current().chunksPerDocument());
        }
    }

    @Test
    void shouldServeTheMeasurementKeptForThisIndexUntilMeasuredWhenElasticsearchFailsAtFirst() {
        GateThreshold kept = keptThreshold();
        KeptStore store = new KeptStore(kept);
        AtomicBoolean slow = new AtomicBoolean(true);
        try (GateCalibrator gate = calibrator(
                vectors -> {
                    if (slow.get()) {
                        throw new IOException("Elasticsearch did not answer: 3,000 milliseconds");
                    }
                    return Collections.nCopies(vectors.size(), OptionalDouble.of(0.5));
                },
                store,
                OptionalDouble.empty())) {
            assertFalse(gate.refresh(), "the first attempt fails");
            assertEquals(kept, gate.current(), "the kept measurement, not the model's default");
            assertEquals("kept", gate.state().state());
            assertEquals(1, gate.state().failures());
            assertFalse(gate.settled());
            slow.set(false);
            assertTrue(gate.refresh());
            assertEquals(new CalibrationState("measured", null, 0, UpkeepState.OK), gate.state());
            assertTrue(gate.settled());
            assertEquals(gate.current(), store.saved, "each measurement is kept for the next run");
        }
    }

    @Test
    void shouldTakeOnlyTheCorpusShapeFromAKeptMeasurementWhenTheThresholdIsConfigured() {
        try (GateCalibrator gate = calibrator(
                vectors -> {
                    throw new IOException("down");
                },
                new KeptStore(keptThreshold()),
                OptionalDouble.of(0.7))) {
            gate.refresh();
            assertEquals("configured", gate.current().source());
            assertEquals(0.7, gate.current().forQuery("anything"));
            assertEquals(7.0, gate.current().chunksPerDocument());
        }
    }

    @Test
    void shouldRetryAFailedAttemptSoonerThanThePeriod() {
        Duration period = Duration.ofSeconds(30);
        assertEquals(Duration.ofSeconds(1), GateCalibrator.retryPause(1, period));
        assertEquals(Duration.ofSeconds(2), GateCalibrator.retryPause(2, period));
        assertEquals(Duration.ofSeconds(16), GateCalibrator.retryPause(5, period));
        assertEquals(period, GateCalibrator.retryPause(6, period));
        assertEquals(period, GateCalibrator.retryPause(400, period));
    }

    @Test
    void shouldMeasureInTheBackgroundUntilDoneWhenTheFirstAttemptsFail() {
        AtomicLong attempts = new AtomicLong();
        try (GateCalibrator gate = calibrator(
                vectors -> {
                    if (attempts.incrementAndGet() < 3) {
                        throw new IOException("Elasticsearch did not answer");
                    }
                    return Collections.nCopies(vectors.size(), OptionalDouble.of(0.5));
                },
                CalibrationStore.NONE,
                OptionalDouble.empty())) {
            gate.start(Duration.ofMinutes(10));
            await().atMost(Duration.ofSeconds(20)).until(gate::settled);
            assertEquals("measured", gate.state().state());
            assertEquals(3, attempts.get(), "two failures, each retried well before the 10-minute period");
        }
    }

    private static GateThreshold keptThreshold() {
        return new GateThreshold(
                Map.of(Script.LATIN, 0.665, Script.CJK, 0.55), "calibrated", Map.of(), Map.of(), 10, 70, 1L);
    }

    /** A store holding one kept measurement and the last one saved. */
    private static final class KeptStore implements CalibrationStore {
        private final GateThreshold kept;
        private volatile GateThreshold saved;

        KeptStore(GateThreshold kept) {
            this.kept = kept;
        }

        @Override
        public Optional<GateThreshold> load() {
            return Optional.ofNullable(kept);
        }

        @Override
        public void save(GateThreshold threshold) {
            saved = threshold;
        }
    }

    private static GateCalibrator calibrator(
            GateCalibrator.NearestCosines nearest, CalibrationStore store, OptionalDouble configured) {
        return new GateCalibrator(
                Embeddings.single(new StubEmbedder("stub", 8)),
                nearest,
                () -> 10,
                () -> 70,
                GateCalibrator.Tidiness.ALWAYS,
                new GateCalibrator.Thresholds(0.6, configured, store),
                Clock.systemUTC());
    }

    private static GateCalibrator calibrator(AtomicLong embedded, OptionalDouble configured) {
        return calibrator(embedded, GateCalibrator.Tidiness.ALWAYS, configured);
    }

    private static GateCalibrator calibrator(
            AtomicLong embedded, GateCalibrator.Tidiness upkeep, OptionalDouble configured) {
        return new GateCalibrator(
                Embeddings.single(new StubEmbedder("stub", 8)),
                vectors -> Collections.nCopies(vectors.size(), OptionalDouble.of(0.5)),
                () -> 10,
                embedded::get,
                upkeep,
                new GateCalibrator.Thresholds(0.6, configured, CalibrationStore.NONE),
                Clock.systemUTC());
    }
}
