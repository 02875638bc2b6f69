package kb.query.search;

import kb.query.search.terms.RareTerms;

/**
 * The RRF constants for one script's questions: the BM25 arm's weight (the vector arm votes with its configured
 * weight), BM25's weight when rare terms lead the question ({@link RareTerms#bm25Weight}), k, and the weight of
 * the other script's vector field (a Latin question embedded by the Chinese model, see
 * {@link kb.search.embed.Embeddings#crossForQuery}).
 */
public record FusionWeights(double bm25, double rareBm25, int rrfK, double crossVector) {}
