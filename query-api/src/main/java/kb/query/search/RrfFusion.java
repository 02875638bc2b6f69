package kb.query.search;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted Reciprocal Rank Fusion: an item ranked r (from 1) in an arm of weight w earns w / (k + r).
 * Rank-based, so the arms' incomparable scores (BM25, cosine) never meet.
 */
final class RrfFusion {

    private RrfFusion() {}

    /** One ranked list of ids and the weight of the arm it came from. */
    public record Arm(List<String> rankedIds, double weight) {}

    public static Map<String, Double> fuse(List<Arm> arms, int k) {
        Map<String, Double> scores = new HashMap<>();
        for (Arm arm : arms) {
            List<String> ids = arm.rankedIds();
            for (int rank = 0; rank < ids.size(); rank++) {
                scores.merge(ids.get(rank), arm.weight() / (k + rank + 1), Double::sum);
            }
        }
        return scores;
    }
}
