package kb.query.l0;

import java.util.List;

/** A document whose frontmatter keywords match the query. */
public record L0Hit(String docId, String path, String title, List<String> matchedKeywords) {
}
