package kb.query.search.corpus;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Convex combination of min-max-normalised scores: alpha × BM25 + (1 − alpha) × vector, each arm's scores
 * scaled to [0, 1] over what it returned (an id an arm did not return counts 0 there). Offered beside RRF
 * ({@code fusion=convex}) because it keeps how sure each arm is, which ranks alone throw away.
 */
public final class ConvexFusion {

    private ConvexFusion() {}

    public static Map<String, Double> fuse(
            List<String> bm25Ids,
            List<Double> bm25Scores,
            List<String> vectorIds,
            List<Double> vectorScores,
            double alpha) {
        Map<String, Double> fused = new HashMap<>();
        add(fused, bm25Ids, bm25Scores, alpha);
        add(fused, vectorIds, vectorScores, 1 - alpha);
        return fused;
    }

    private static void add(Map<String, Double> fused, List<String> ids, List<Double> scores, double weight) {
        if (ids.isEmpty()) {
            return;
        }
        double min = scores.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = scores.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        for (int i = 0; i < ids.size(); i++) {
            double normalised = max > min ? (scores.get(i) - min) / (max - min) : 1.0;
            fused.merge(ids.get(i), weight * normalised, Double::sum);
        }
    }
}
