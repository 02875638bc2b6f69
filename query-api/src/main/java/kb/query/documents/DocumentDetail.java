package kb.query.documents;

import java.util.List;
import kb.query.links.LinkGraph;
import kb.search.es.CardDoc;

/**
 * One document: its card, its full content, and where it stands in the wikilink graph.
 *
 * @param tags      tags as written (frontmatter and inline)
 * @param aliases   other names of the note
 * @param links     outgoing wikilinks in the note's order, each resolved to a document or unresolved (no docId)
 * @param backlinks notes whose wikilinks lead here ("linked from")
 */
public record DocumentDetail(
        String docId,
        String collection,
        String path,
        String title,
        String category,
        String format,
        List<String> keywords,
        String summary,
        int chunkCount,
        long size,
        String contentHash,
        long updatedAt,
        String content,
        List<String> tags,
        List<String> aliases,
        List<LinkGraph.Link> links,
        List<LinkGraph.Backlink> backlinks) {

    public static DocumentDetail of(CardDoc card, LinkGraph.Links links) {
        return new DocumentDetail(
                card.docId(),
                card.collection(),
                card.path(),
                card.title(),
                card.category(),
                card.format(),
                card.keywords(),
                card.summary(),
                card.chunkCount(),
                card.size(),
                card.contentHash(),
                card.eventTime(),
                card.content(),
                orEmpty(card.tags()),
                orEmpty(card.aliases()),
                links.links(),
                links.backlinks());
    }

    private static List<String> orEmpty(List<String> values) {
        return values == null ? List.of() : values;
    }
}
