package kb.query.search.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConvexFusionTest {

    @Test
    void shouldCombineMinMaxNormalisedScores() {
        Map<String, Double> fused =
                ConvexFusion.fuse(List.of("a", "b"), List.of(10.0, 5.0), List.of("b", "c"), List.of(0.9, 0.7), 0.3);
        assertEquals(0.3, fused.get("a"), 1e-9); // best BM25, absent from vectors
        assertEquals(0.0 + 0.7, fused.get("b"), 1e-9); // worst BM25, best vector
        assertEquals(0.0, fused.get("c"), 1e-9); // worst vector
    }

    @Test
    void shouldGiveALoneHitFullScore() {
        assertEquals(Map.of("x", 0.4), ConvexFusion.fuse(List.of("x"), List.of(3.0), List.of(), List.of(), 0.4));
    }
}
