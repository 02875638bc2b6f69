package kb.query.search;

import java.util.Map;
import kb.query.config.QueryConfig;
import kb.query.search.terms.RareTerms;
import kb.query.search.terms.Script;

/**
 * The RRF constants for one script's questions: the BM25 arm's weight (the vector arm votes with its configured
 * weight), BM25's weight when rare terms lead the question ({@link RareTerms#bm25Weight}), k, and the weight of
 * the other script's vector field (a Latin question embedded by the Chinese model, see
 * {@link kb.search.embed.Embeddings#crossForQuery}).
 */
public record FusionWeights(double bm25, double rareBm25, int rrfK, double crossVector) {

    /** The configured weights per script: what is served until (or unless) the corpus fits its own. */
    static Map<Script, FusionWeights> configured(QueryConfig.Ranking ranking) {
        return Map.of(
                Script.LATIN,
                new FusionWeights(
                        ranking.bm25Weight(), ranking.rareBm25Weight(), ranking.rrfK(), ranking.crossVectorWeight()),
                Script.CJK,
                new FusionWeights(
                        ranking.cjkBm25Weight(),
                        ranking.rareBm25Weight(),
                        ranking.rrfK(),
                        ranking.crossVectorWeight()));
    }
}
