package kb.query.answer;

import java.util.List;
import kb.core.Location;

/**
 * What an LLM prompt needs: the full text of the top documents, capped in total.
 *
 * @param documents  at most two, best first
 * @param totalChars characters of content returned (at most 24,000)
 */
public record ContextResponse(String query, boolean found, List<ContextDocument> documents, int totalChars) {

    /**
     * @param truncated true when the cap cut this document's content
     * @param locations where the passages that matched the question are in the document, best first (lines of a
     *                  text file count in {@code content}, which is the file as on disk)
     */
    public record ContextDocument(
            String source,
            String collection,
            String title,
            String content,
            boolean truncated,
            List<Location> locations) {}
}
