package kb.core;

import java.util.List;

/**
 * What is known about one document as a whole; published on {@code kb.documents} keyed by doc id. It is
 * the food of the L0 keyword index, so it stays small: no content.
 *
 * @param collection the collection (named folder) of the document; null for a document published before
 *                   collections existed
 * @param path       path relative to the collection's folder
 * @param keywords   frontmatter keywords, never null (empty when none)
 * @param summary    frontmatter summary, or null
 * @param category   first folder, or null
 * @param eventTime  observed time of the file version this card describes, epoch milliseconds
 * @param notes      tags, aliases, wikilinks and properties from the note's frontmatter and body; never null
 */
public record DocumentCard(
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
        NoteMeta notes) {

    public DocumentCard {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        notes = notes == null ? NoteMeta.NONE : notes;
    }

    /** This card with another chunk count (the record budget drops chunks that do not fit). */
    public DocumentCard withChunkCount(int count) {
        return new DocumentCard(
                docId,
                collection,
                path,
                title,
                keywords,
                summary,
                category,
                format,
                contentHash,
                size,
                count,
                eventTime,
                notes);
    }
}
