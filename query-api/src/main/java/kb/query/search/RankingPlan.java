package kb.query.search;

import kb.query.config.FusionMethod;
import kb.query.config.QueryConfig;

/**
 * The ranking in force for one question: a request's {@link SearchOptions} resolved against the configuration
 * and the fusion weights in force for the question's script. Nothing in it is "not set".
 *
 * @param bm25Weight     RRF weight of the BM25 arm (before a rare term raises it to {@code rareBm25Weight})
 * @param convexAlpha    the convex fusion's BM25 share, never below {@link #MIN_CONVEX_ALPHA}
 */
public record RankingPlan(
        SearchOptions.Arms arms,
        boolean gate,
        Windows windows,
        double titleBoost,
        FusionMethod fusion,
        double convexAlpha,
        int rrfK,
        double bm25Weight,
        double rareBm25Weight,
        double crossVectorWeight) {

    /** A convex fusion keeps a sliver of BM25, so its ties are broken by words. */
    static final double MIN_CONVEX_ALPHA = 0.0001;

    /** Chunks taken from the BM25 arm and from each kNN search. */
    public record Windows(int bm25, int knn) {}

    /** @param weights the fusion's weights in force for the question's script (fitted or configured) */
    public static RankingPlan of(SearchOptions options, QueryConfig.Ranking ranking, FusionWeights weights) {
        // One arm asked alone (a diagnosis, what kb eval compares the served ranking with) ranks as that arm does.
        FusionMethod method = options.arms() != SearchOptions.Arms.HYBRID
                ? FusionMethod.RRF
                : options.fusion().orElse(ranking.fusion());
        return new RankingPlan(
                options.arms(),
                options.gate(),
                new Windows(
                        options.window().orElse(ranking.bm25Window()),
                        options.window().orElse(ranking.knnWindow())),
                options.titleBoost().orElse(ranking.titleBoost()),
                method,
                Math.max(MIN_CONVEX_ALPHA, options.convexAlpha().orElse(ranking.convexAlpha())),
                options.rrfK().orElse(weights.rrfK()),
                options.bm25Weight().orElse(weights.bm25()),
                options.rareBm25Weight().orElse(weights.rareBm25()),
                options.crossVectorWeight().orElse(weights.crossVector()));
    }

    /** Whether L0 and the cross arm take part: a served, hybrid search. */
    public boolean hybrid() {
        return arms == SearchOptions.Arms.HYBRID;
    }
}
