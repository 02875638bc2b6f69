package kb.query;

import java.util.List;

/**
 * What an LLM prompt needs: the full text of the top documents, capped in total.
 *
 * @param documents  at most two, best first
 * @param totalChars characters of content returned (at most 24,000)
 */
public record ContextResponse(String query, boolean found, List<ContextDocument> documents, int totalChars) {

    /** @param truncated true when the cap cut this document's content */
    public record ContextDocument(String source, String collection, String title, String content, boolean truncated) {}
}
