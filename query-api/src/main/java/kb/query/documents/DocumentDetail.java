package kb.query.documents;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import kb.query.links.LinkGraph;
import kb.search.es.CardDoc;

/**
 * One document: its card as the listing shows it, what only its own page shows (summary, size, hash, full content,
 * aliases), and where it stands in the wikilink graph.
 *
 * @param card      the listing's fields, written inline in the JSON
 * @param aliases   other names of the note
 * @param links     outgoing wikilinks in the note's order, each resolved to a document or unresolved (no docId)
 * @param backlinks notes whose wikilinks lead here ("linked from")
 */
public record DocumentDetail(
        @JsonUnwrapped DocumentSummary card,
        String summary,
        long size,
        String contentHash,
        String content,
        List<String> aliases,
        List<LinkGraph.Link> links,
        List<LinkGraph.Backlink> backlinks) {

    public static DocumentDetail of(CardDoc card, LinkGraph.Links links) {
        return new DocumentDetail(
                DocumentSummary.of(card),
                card.card().summary(),
                card.card().size(),
                card.card().contentHash(),
                card.content(),
                card.card().notes().aliases(),
                links.links(),
                links.backlinks());
    }
}
