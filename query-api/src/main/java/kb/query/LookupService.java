package kb.query;

import java.util.List;
import java.util.stream.Collectors;
import kb.core.es.CardDoc;
import kb.query.l0.L0Hit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code lookup_knowledge}: exact keyword match first; the semantic tier only when L0 is ambiguous or
 * silent. One L0 hit answers with high confidence and never calls L1.
 */
public final class LookupService {

    private static final Logger LOG = LoggerFactory.getLogger(LookupService.class);
    static final int PREVIEW_CHARS = 2000;
    private static final int SUPPLEMENT_TOP_K = 3;

    private final SearchService search;
    private final DocumentCatalog catalog;

    public LookupService(SearchService search, DocumentCatalog catalog) {
        this.search = search;
        this.catalog = catalog;
    }

    /** The answer and, for the query log and metrics, what produced it. */
    public record Outcome(LookupResponse response, String matchType, Retrieval retrieval, List<L0Hit> l0,
                          boolean degraded) {
    }

    public Outcome lookup(String query) {
        List<L0Hit> l0 = search.l0(query);
        if (l0.size() == 1) {
            LOG.debug("[lookup] one L0 hit for '{}': L1 not called", query);
            Preview preview = preview(l0.get(0));
            return new Outcome(new LookupResponse(true, primary(l0.get(0), preview.text(), "high"), null),
                    "exact_L0", null, l0, preview.degraded());
        }
        LOG.debug("[lookup] {} L0 hits for '{}': calling L1", l0.size(), query);
        Retrieval retrieval = search.retrieve(query, SUPPLEMENT_TOP_K, null, l0);
        LookupResponse.Supplement supplement = supplement(retrieval);
        if (l0.isEmpty()) {
            LookupResponse response = supplement == null ? LookupResponse.nothing()
                    : new LookupResponse(true, null, supplement);
            return new Outcome(response, supplement == null ? "none" : "semantic_L1", retrieval, l0,
                    !retrieval.l1Available());
        }
        Preview preview = preview(l0.get(0));
        return new Outcome(new LookupResponse(true, primary(l0.get(0), preview.text(), "low"), supplement),
                "exact_L0_ambiguous", retrieval, l0, preview.degraded() || !retrieval.l1Available());
    }

    private static LookupResponse.Primary primary(L0Hit hit, String content, String confidence) {
        return new LookupResponse.Primary(content, hit.path(), "exact_L0", confidence, null);
    }

    /** The best L1 document that passed the gate, as its best chunks' raw text. */
    private static LookupResponse.Supplement supplement(Retrieval retrieval) {
        if (!retrieval.found() || retrieval.documents().isEmpty()) {
            return null;
        }
        SearchResponse.DocumentResult top = retrieval.documents().get(0);
        String text = top.chunks().stream().map(SearchResponse.ChunkResult::text).collect(Collectors.joining("\n\n"));
        return new LookupResponse.Supplement(cut(text.isEmpty() ? top.title() : text), top.path(), "semantic_L1");
    }

    private record Preview(String text, boolean degraded) {
    }

    /** The document's first 2000 characters; when Elasticsearch is unreachable, its title stands in. */
    private Preview preview(L0Hit hit) {
        try {
            return new Preview(catalog.get(hit.docId()).map(CardDoc::content).map(LookupService::cut)
                    .orElse(hit.title()), false);
        } catch (Exception e) {
            LOG.warn("[lookup] content of {} unavailable: {}", hit.path(), e.toString());
            return new Preview(hit.title(), true);
        }
    }

    static String cut(String text) {
        return text.length() > PREVIEW_CHARS ? text.substring(0, PREVIEW_CHARS) + "..." : text;
    }
}
