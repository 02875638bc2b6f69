package kb.query.answer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import kb.query.documents.DocumentCatalog;
import kb.query.search.Retrieval;
import kb.query.search.Scope;
import kb.query.search.SearchRequest;
import kb.query.search.SearchResponse;
import kb.query.search.SearchService;
import kb.query.search.terms.Question;
import kb.search.es.CardDoc;

/** {@code /api/v1/context}: the top two documents in full, within a character budget, behind the same gate. */
public final class ContextService {

    static final int MAX_DOCUMENTS = 2;
    static final int MAX_CHARS = 24_000;

    private final SearchService search;
    private final DocumentCatalog catalog;

    public ContextService(SearchService search, DocumentCatalog catalog) {
        this.search = search;
        this.catalog = catalog;
    }

    public record Outcome(ContextResponse response, Retrieval retrieval) {}

    public Outcome context(Question question, Scope scope) throws IOException {
        Retrieval retrieval = search.retrieve(SearchRequest.served(question, MAX_DOCUMENTS, scope));
        List<ContextResponse.ContextDocument> documents = new ArrayList<>();
        int budget = MAX_CHARS;
        for (SearchResponse.DocumentResult result : retrieval.documents()) {
            if (documents.size() == MAX_DOCUMENTS || budget == 0) {
                break;
            }
            String content = catalog.get(result.docId()).map(CardDoc::content).orElse("");
            boolean truncated = content.length() > budget;
            String kept = truncated ? content.substring(0, budget) : content;
            budget -= kept.length();
            documents.add(new ContextResponse.ContextDocument(
                    result.path(),
                    result.collection(),
                    result.title(),
                    kept,
                    truncated,
                    Citations.ofResults(result.chunks())));
        }
        return new Outcome(
                new ContextResponse(question.asked(), retrieval.found(), documents, MAX_CHARS - budget), retrieval);
    }
}
