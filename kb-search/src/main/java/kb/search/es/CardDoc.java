package kb.search.es;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import kb.core.DocumentCard;

/**
 * A document's card ({@link DocumentCard}) plus its content (stored, not indexed) in the document index.
 *
 * @param tags       tags as written; null in an index of before tags
 * @param aliases    aliases; null in an index of before tags
 * @param links      wikilink targets as written; null in an index of before tags
 * @param tagPaths   tags and their ancestors in filter form ({@link kb.core.NoteFilters})
 * @param properties frontmatter {@code name:value} terms in filter form
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CardDoc(
        String docId,
        String collection,
        String path,
        String title,
        List<String> keywords,
        String summary,
        String category,
        String format,
        String contentHash,
        long size,
        int chunkCount,
        long eventTime,
        long indexedTime,
        String content,
        List<String> tags,
        List<String> aliases,
        List<String> links,
        List<String> tagPaths,
        List<String> properties) {

    /** The card as the document index stores it: with the document's content and the time it was written. */
    public static CardDoc of(DocumentCard card, String content, long indexedTime) {
        return new CardDoc(
                card.docId(),
                card.collection(),
                card.path(),
                card.title(),
                card.keywords(),
                card.summary(),
                card.category(),
                card.format(),
                card.contentHash(),
                card.size(),
                card.chunkCount(),
                card.eventTime(),
                indexedTime,
                content,
                card.notes().tags(),
                card.notes().aliases(),
                card.notes().links(),
                card.notes().tagPaths(),
                card.notes().propertyTerms());
    }
}
