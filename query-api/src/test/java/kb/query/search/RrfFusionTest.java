package kb.query.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RrfFusionTest {

    @Test
    void shouldSumReciprocalRanksAcrossArms() {
        Map<String, Double> scores = RrfFusion.fuse(
                List.of(new RrfFusion.Arm(List.of("a", "b"), 1.0), new RrfFusion.Arm(List.of("b", "c"), 1.0)), 60);
        assertEquals(1.0 / 61, scores.get("a"), 1e-12);
        assertEquals(1.0 / 62 + 1.0 / 61, scores.get("b"), 1e-12);
        assertEquals(1.0 / 62, scores.get("c"), 1e-12);
        assertTrue(scores.get("b") > scores.get("a"));
    }

    @Test
    void shouldWeightArms() {
        Map<String, Double> scores = RrfFusion.fuse(
                List.of(new RrfFusion.Arm(List.of("lexical"), 0.5), new RrfFusion.Arm(List.of("semantic"), 1.5)), 60);
        assertTrue(scores.get("semantic") > scores.get("lexical"));
        assertEquals(0.5 / 61, scores.get("lexical"), 1e-12);
    }

    @Test
    void shouldReturnNothingForEmptyArms() {
        assertTrue(
                RrfFusion.fuse(List.of(new RrfFusion.Arm(List.of(), 1.0)), 60).isEmpty());
    }
}
