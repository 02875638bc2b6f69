package kb.query;

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
     * @param startLine         the file line the content starts at (1-based, frontmatter counted), to cite it as
     *                          {@code source:startLine}; null when unknown
     * @param endLine           the line the sections asked for end at; null for the first 2000 characters
     */
    public record Primary(
            String content,
            String source,
            String collection,
            String matchType,
            String confidence,
            java.util.List<String> availableSections,
            Integer startLine,
            Integer endLine) {}

    /**
     * @param collection the document's collection, like {@link Primary#collection()}
     * @param startLine  the first line of the passages shown, or null when unknown
     * @param endLine    the last line of the passages shown, or null
     */
    public record Supplement(
            String content, String source, String collection, String matchType, Integer startLine, Integer endLine) {}

    static LookupResponse nothing() {
        return new LookupResponse(false, null, null);
    }
}
