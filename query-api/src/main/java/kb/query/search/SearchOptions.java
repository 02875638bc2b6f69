package kb.query.search;

/**
 * How to run one search; the defaults are what the API serves. The other settings exist for diagnosis and
 * evaluation ({@code kb eval} compares the arms).
 *
 * @param arms   which arms to run: hybrid (default), bm25 or vector
 * @param gate   false to rank even when the honesty gate would deflect
 * @param window chunks taken from each arm, or 0 for the configured windows
 * @param bm25Weight   RRF weight of the BM25 arm, or a negative number for the configured one
 * @param titleBoost   boost of a title match in the BM25 arm, or a negative number for the configured one
 * @param fusion       how the arms are fused, or null for the configured method
 * @param convexAlpha  the convex fusion's BM25 share, or a negative number for the configured one
 * @param rrfK         the RRF constant, or 0 for the configured one
 * @param rareBm25Weight RRF weight of the BM25 arm when the question holds a rare term, or negative for the
 *                      configured one
 * @param explain      true to add each arm's raw hits and the corpus statistics to the answer
 * @param crossVectorWeight RRF weight of the other script's vector field for a question without CJK, or
 *                      negative for the configured one
 */
public record SearchOptions(
        Arms arms,
        boolean gate,
        int window,
        double bm25Weight,
        double titleBoost,
        kb.query.config.FusionMethod fusion,
        double convexAlpha,
        int rrfK,
        double rareBm25Weight,
        boolean explain,
        double crossVectorWeight) {

    public enum Arms {
        HYBRID,
        BM25,
        VECTOR
    }

    public static final SearchOptions SERVED =
            new SearchOptions(Arms.HYBRID, true, 0, -1, -1, null, -1, 0, -1, false, -1);
}
