package kb.query.documents;

import java.util.List;
import kb.search.es.CardDoc;

/**
 * A document's card as the API shows it: one line of the listing, and the head of a document's page
 * ({@link DocumentDetail}).
 *
 * @param updatedAt observed time of the file version indexed, epoch milliseconds
 * @param tags      tags as written (frontmatter and inline)
 */
public record DocumentSummary(
        String docId,
        String collection,
        String path,
        String title,
        String category,
        String format,
        List<String> keywords,
        int chunkCount,
        long updatedAt,
        List<String> tags) {

    public static DocumentSummary of(CardDoc card) {
        return new DocumentSummary(
                card.docId(),
                card.collection(),
                card.path(),
                card.title(),
                card.category(),
                card.format(),
                card.keywords(),
                card.chunkCount(),
                card.eventTime(),
                orEmpty(card.tags()));
    }

    static List<String> orEmpty(List<String> values) {
        return values == null ? List.of() : values;
    }
}
