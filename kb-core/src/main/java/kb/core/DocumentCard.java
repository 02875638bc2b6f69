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
        long eventTime) {

    public DocumentCard {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
    }
}
