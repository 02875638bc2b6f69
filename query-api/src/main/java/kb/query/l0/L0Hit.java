package kb.query.l0;

import java.util.List;

/**
 * A document whose frontmatter keywords match the query.
 *
 * @param collection the document's collection, or null (indexed before collections existed)
 * @param category the document's first folder, or null
 * @param keywords the matched keywords (normalised), each with how many documents carry it
 */
public record L0Hit(String docId, String collection, String path, String title, String category, List<KeywordMatch> keywords) {

    /** @param carriers how many documents list this keyword in their frontmatter */
    public record KeywordMatch(String keyword, int carriers) {
    }

    public List<String> matchedKeywords() {
        return keywords.stream().map(KeywordMatch::keyword).toList();
    }
}
