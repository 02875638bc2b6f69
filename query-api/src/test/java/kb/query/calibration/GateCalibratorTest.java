package kb.query.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.Collections;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
    void shouldBeSettledOnlyOnceTheIndexIsTidy() {
        AtomicLong embedded = new AtomicLong(100);
        AtomicBoolean untidy = new AtomicBoolean(true); // deleted versions left, say
        GateCalibrator.Upkeep upkeep = new GateCalibrator.Upkeep() {
            @Override
            public boolean tidy() {
                return untidy.getAndSet(false);
            }

            @Override
            public boolean isTidy() {
                return !untidy.get();
            }
        };
        try (GateCalibrator gate = calibrator(embedded, upkeep, OptionalDouble.empty())) {
            gate.refresh();
            assertTrue(gate.settled());
            untidy.set(true); // a chunk written again with the same vector: no new measurement due
            assertFalse(gate.settled(), "measured, but the index holds deleted versions");
            gate.refresh();
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

    private static GateCalibrator calibrator(AtomicLong embedded, OptionalDouble configured) {
        return calibrator(embedded, GateCalibrator.Upkeep.NONE, configured);
    }

    private static GateCalibrator calibrator(
            AtomicLong embedded, GateCalibrator.Upkeep upkeep, OptionalDouble configured) {
        return new GateCalibrator(
                Embeddings.single(new StubEmbedder("stub", 8)),
                vectors -> Collections.nCopies(vectors.size(), 0.5),
                () -> 10,
                embedded::get,
                upkeep,
                new GateCalibrator.Thresholds(0.6, configured),
                Clock.systemUTC());
    }
}
