package kb.query.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import kb.query.search.Retrieval;
import kb.query.search.SearchResponse;

/**
 * {@code search_knowledge}'s answer: the HTTP search's fields an agent acts on, with the gate's verdict in words
 * ({@code reason}) and its evidence ({@code gate}) only when the call asks for it with {@code debug: true}: numbers
 * such as a best cosine against a threshold are a diagnosis, not something to answer from.
 *
 * @param reason only when not found: why, in words
 * @param gate   only on request ({@code debug: true}): the honesty gate's evidence
 */
public record SearchAnswer(
        String query,
        boolean found,
        @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
        List<SearchResponse.DocumentResult> results,
        List<String> suggestions,
        boolean degraded,
        boolean partial,
        @JsonInclude(JsonInclude.Include.NON_NULL) SearchResponse.Gate gate) {

    /** @param debug whether the gate's evidence goes with the answer */
    static SearchAnswer of(Retrieval retrieval, boolean partial, boolean debug) {
        SearchResponse response = SearchResponse.of(retrieval, partial);
        return new SearchAnswer(
                response.query(),
                response.found(),
                response.found() ? null : response.gate().reason(),
                response.results(),
                response.suggestions(),
                response.degraded(),
                response.partial(),
                debug ? response.gate() : null);
    }
}
