package kb.query;

import java.util.List;

/**
 * The search answer (a contract: later versions extend it, never break it).
 *
 * @param found   false when the honesty gate says the knowledge base does not know
 * @param results documents ranked by their best chunk
 */
public record SearchResponse(String query, boolean found, List<DocumentResult> results) {

    /**
     * @param matchedBy which arms found the document: bm25, vector (and L0 later)
     * @param chunks    the document's matching chunks, best first, with raw text
     */
    public record DocumentResult(String docId, String path, String title, double score, List<String> matchedBy,
                                 List<ChunkResult> chunks) {
    }

    /** @param sectionHeader null when the chunk has none */
    public record ChunkResult(String text, String sectionHeader, double score) {
    }
}
