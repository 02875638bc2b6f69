package kb.query.search;

import java.util.Optional;
import kb.query.config.FusionMethod;

/**
 * How to run one search, as a request asks it; what a request does not set is empty and resolved against the
 * configuration into a {@link RankingPlan}. The settings beyond the defaults exist for diagnosis and evaluation
 * ({@code kb eval} compares the arms).
 *
 * @param arms              which arms to run: hybrid (served), bm25 or vector
 * @param gate              false to rank even when the honesty gate would deflect
 * @param explain           true to add each arm's raw hits and the corpus statistics to the answer
 * @param window            chunks taken from each arm
 * @param bm25Weight        RRF weight of the BM25 arm
 * @param titleBoost        boost of a title match in the BM25 arm
 * @param fusion            how the arms are fused
 * @param convexAlpha       the convex fusion's BM25 share
 * @param rrfK              the RRF constant
 * @param rareBm25Weight    RRF weight of the BM25 arm when the question holds a rare term
 * @param crossVectorWeight RRF weight of the other script's vector field for a question without CJK
 */
public record SearchOptions(
        Arms arms,
        boolean gate,
        boolean explain,
        Optional<Integer> window,
        Optional<Double> bm25Weight,
        Optional<Double> titleBoost,
        Optional<FusionMethod> fusion,
        Optional<Double> convexAlpha,
        Optional<Integer> rrfK,
        Optional<Double> rareBm25Weight,
        Optional<Double> crossVectorWeight) {

    public enum Arms {
        HYBRID,
        BM25,
        VECTOR
    }

    /** What the API serves: every arm, the gate, and the configuration's (or the corpus's fitted) settings. */
    public static final SearchOptions SERVED = new SearchOptions(
            Arms.HYBRID,
            true,
            false,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());

    /** The same options with the gate on or off. */
    public SearchOptions withGate(boolean on) {
        return new SearchOptions(
                arms,
                on,
                explain,
                window,
                bm25Weight,
                titleBoost,
                fusion,
                convexAlpha,
                rrfK,
                rareBm25Weight,
                crossVectorWeight);
    }

    /** The same options fused by this method. */
    public SearchOptions withFusion(FusionMethod method) {
        return new SearchOptions(
                arms,
                gate,
                explain,
                window,
                bm25Weight,
                titleBoost,
                Optional.of(method),
                convexAlpha,
                rrfK,
                rareBm25Weight,
                crossVectorWeight);
    }
}
