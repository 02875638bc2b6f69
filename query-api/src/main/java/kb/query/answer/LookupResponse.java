package kb.query.answer;

import java.util.List;
import kb.core.Location;

/**
 * The {@code lookup_knowledge} answer (a contract agents rely on).
 *
 * @param primary    the exact keyword (L0) match, or null
 * @param supplement the best semantic (L1) match, or null
 */
public record LookupResponse(boolean found, Primary primary, Supplement supplement) {

    /**
     * @param content           the document's text without frontmatter (first 2000 characters), or the sections
     *                          asked for with {@code section_title}
     * @param source            the document's path in its collection
     * @param collection        the document's collection (null for one indexed before collections existed)
     * @param confidence        high, medium or low (see {@link LookupService})
     * @param availableSections the document's section headers, in order (null when Elasticsearch is unreachable)
     * @param locations         where {@code content} is in the document, to cite it as {@code source:42-57}: one
     *                          span per run of neighbouring chunks (lines of a text file as on disk, frontmatter
     *                          counted; pages, slides, sheet rows, notebook cells); empty when unknown
     */
    public record Primary(
            String content,
            String source,
            String collection,
            String matchType,
            String confidence,
            List<String> availableSections,
            List<Location> locations) {}

    /**
     * @param collection the document's collection, like {@link Primary#collection()}
     * @param locations  where each passage joined in {@code content} is, in the same order (those known)
     */
    public record Supplement(
            String content, String source, String collection, String matchType, List<Location> locations) {}

    static LookupResponse nothing() {
        return new LookupResponse(false, null, null);
    }
}
