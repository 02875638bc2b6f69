package kb.query.l0;

import java.util.List;

/**
 * A document whose keywords, tags, aliases or title match the query.
 *
 * @param collection the document's collection, or null (indexed before collections existed)
 * @param category the document's first folder, or null
 * @param keywords the matched keywords (normalised), each with how many documents carry it
 * @param tagPaths the document's tags and their ancestors in filter form, for scope checks
 * @param properties the document's frontmatter {@code name:value} terms in filter form, for scope checks
 */
public record L0Hit(
        String docId,
        String collection,
        String path,
        String title,
        String category,
        List<KeywordMatch> keywords,
        List<String> tagPaths,
        List<String> properties) {

    public L0Hit {
        tagPaths = tagPaths == null ? List.of() : tagPaths;
        properties = properties == null ? List.of() : properties;
    }

    /**
     * @param carriers how many documents list this keyword in their frontmatter
     * @param tag      the document carries it as a tag only: a topic label (a tag {@code stream} in "what did I stream
     *                 through ssh"), which answers a lookup but is no exact evidence in a search
     */
    public record KeywordMatch(String keyword, int carriers, boolean tag) {

        public KeywordMatch(String keyword, int carriers) {
            this(keyword, carriers, false);
        }
    }

    public List<String> matchedKeywords() {
        return keywords.stream().map(KeywordMatch::keyword).toList();
    }
}
