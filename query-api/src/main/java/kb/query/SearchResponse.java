package kb.query;

import java.util.List;

/**
 * The search answer (a contract: later versions extend it, never break it).
 *
 * @param found       false when the honesty gate says the knowledge base does not know
 * @param results     documents ranked by their best chunk
 * @param gate        the evidence behind {@code found}
 * @param suggestions when not found: two or three things the knowledge base knows nearest the question
 * @param degraded    true when Elasticsearch (L1) was not asked: only L0 answered, so found=false means "could not
 *                    look", not "the knowledge base does not know"
 */
public record SearchResponse(String query, boolean found, List<DocumentResult> results, Gate gate,
                             List<String> suggestions, boolean degraded) {

    /**
     * @param matchedBy which arms found the document: L0, bm25, vector
     * @param chunks    the document's matching chunks, best first, with raw text
     */
    public record DocumentResult(String docId, String path, String title, double score, List<String> matchedBy,
                                 List<ChunkResult> chunks) {
    }

    /** @param sectionHeader null when the chunk has none */
    public record ChunkResult(String text, String sectionHeader, double score) {
    }

    /**
     * @param l0Hits       documents matched by frontmatter keyword
     * @param lexicalMatch some chunk matches a content word of the question
     * @param bm25Hits     chunks the BM25 arm returned
     * @param bestCosine   best cosine similarity of the vector arm (-1: none)
     * @param minCosine    the threshold in force
     * @param l1Available  false when Elasticsearch was not reachable
     */
    public record Gate(boolean found, int l0Hits, boolean lexicalMatch, int bm25Hits, double bestCosine, double minCosine,
                       boolean l1Available) {
    }

    static SearchResponse of(Retrieval retrieval) {
        return new SearchResponse(retrieval.query(), retrieval.found(), retrieval.documents(), retrieval.gate(),
                retrieval.suggestions(), !retrieval.l1Available());
    }
}
