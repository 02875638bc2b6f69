package kb.tools.eval;

import java.util.List;
import java.util.Map;

/**
 * nDCG@10 (graded, linear gain, as trec_eval and BEIR), Recall@10 and @100 (grade ≥ 1 relevant) and MRR@10.
 */
public final class RankingMetrics {

    private double ndcg10;
    private double recall10;
    private double recall100;
    private double mrr10;
    private int queries;

    public void add(List<String> ranked, Map<String, Integer> judged) {
        queries++;
        ndcg10 += ndcg(ranked, judged, 10);
        long relevant = judged.values().stream().filter(g -> g > 0).count();
        recall10 += relevant == 0 ? 0 : (double) hits(ranked, judged, 10) / relevant;
        recall100 += relevant == 0 ? 0 : (double) hits(ranked, judged, 100) / relevant;
        for (int i = 0; i < Math.min(10, ranked.size()); i++) {
            if (judged.getOrDefault(ranked.get(i), 0) > 0) {
                mrr10 += 1.0 / (i + 1);
                break;
            }
        }
    }

    private static long hits(List<String> ranked, Map<String, Integer> judged, int k) {
        return ranked.stream()
                .limit(k)
                .filter(id -> judged.getOrDefault(id, 0) > 0)
                .count();
    }

    static double ndcg(List<String> ranked, Map<String, Integer> judged, int k) {
        double dcg = 0;
        for (int i = 0; i < Math.min(k, ranked.size()); i++) {
            dcg += judged.getOrDefault(ranked.get(i), 0) / log2(i + 2);
        }
        List<Integer> ideal = judged.values().stream()
                .filter(g -> g > 0)
                .sorted((a, b) -> b - a)
                .limit(k)
                .toList();
        double idcg = 0;
        for (int i = 0; i < ideal.size(); i++) {
            idcg += ideal.get(i) / log2(i + 2);
        }
        return idcg == 0 ? 0 : dcg / idcg;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    public Map<String, Double> summary() {
        int n = Math.max(queries, 1);
        return Map.of(
                "ndcg@10", ndcg10 / n, "recall@10", recall10 / n, "recall@100", recall100 / n, "mrr@10", mrr10 / n);
    }
}
