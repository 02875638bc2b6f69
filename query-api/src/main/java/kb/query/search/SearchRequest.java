package kb.query.search;

import kb.query.search.terms.Question;

/**
 * One search as both front doors ask it (HTTP's {@code /api/v1/search} and MCP's {@code search_knowledge}): the
 * question, how many documents, where from, and how to rank. The limits are declared here once.
 *
 * @param k documents to return, {@value #MIN_K} to {@value #MAX_K}
 */
public record SearchRequest(Question question, int k, Scope scope, SearchOptions options) {

    public static final int MIN_K = 1;
    public static final int MAX_K = 100;
    public static final int DEFAULT_K = 10;
    /** The one wording of {@code k}'s limits, in both doors' errors and the MCP tool's schema. */
    public static final String K_RULE = "k must be a whole number from " + MIN_K + " to " + MAX_K;

    public SearchRequest {
        if (k < MIN_K || k > MAX_K) {
            throw new IllegalArgumentException(K_RULE);
        }
    }

    /** A served search (every arm, the gate on): what lookups, context answers and agents ask. */
    public static SearchRequest served(Question question, int k, Scope scope) {
        return new SearchRequest(question, k, scope, SearchOptions.SERVED);
    }

    /** Whether {@code k} is within the limits. */
    public static boolean validK(long k) {
        return k >= MIN_K && k <= MAX_K;
    }
}
