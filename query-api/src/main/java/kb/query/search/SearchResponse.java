package kb.query.search;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import kb.core.Location;
import kb.query.l0.L0Hit;
import kb.query.search.terms.CorpusStats;
import kb.search.es.ChunkDoc;

/**
 * The search answer (a contract: later versions extend it, never break it).
 *
 * @param found       false when the honesty gate says the knowledge base does not know
 * @param results     documents ranked by their best chunk
 * @param gate        the evidence behind {@code found}
 * @param suggestions when not found: two or three things the knowledge base knows nearest the question
 * @param degraded    true when Elasticsearch (L1) was not asked: only L0 answered, so found=false means "could not
 *                    look", not "the knowledge base does not know"
 * @param partial     true until the first full index of the folder is done: an absence may be temporary
 */
public record SearchResponse(
        String query,
        boolean found,
        List<DocumentResult> results,
        Gate gate,
        List<String> suggestions,
        boolean degraded,
        boolean partial,
        Explain explain) {

    /**
     * @param collection the document's collection (null for one indexed before collections existed)
     * @param matchedBy which arms found the document: L0, bm25, vector
     * @param chunks    the document's matching passages, best first by their own evidence, with raw text (a passage
     *                  whose neighbour matches too is shown with it, its location spanning both)
     * @param why       why it ranked: specific or generic keyword, rare terms held, arm ranks
     * @param tags      the document's tags as written (empty when it has none)
     * @param alsoAs    the paths of the same document kept in other formats beside this file ({@link FormatFolding}),
     *                  best ranked first; absent from the JSON when there are none
     */
    public record DocumentResult(
            String docId,
            String collection,
            String path,
            String title,
            double score,
            List<String> matchedBy,
            List<ChunkResult> chunks,
            List<String> why,
            List<String> tags,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> alsoAs) {

        public DocumentResult {
            tags = tags == null ? List.of() : tags;
            alsoAs = alsoAs == null ? List.of() : List.copyOf(alsoAs);
        }

        /** The same document shown with other passages. */
        public DocumentResult withChunks(List<ChunkResult> shown) {
            return new DocumentResult(docId, collection, path, title, score, matchedBy, shown, why, tags, alsoAs);
        }

        /** The same document listing its copies in other formats. */
        public DocumentResult withAlsoAs(List<String> paths) {
            return new DocumentResult(docId, collection, path, title, score, matchedBy, chunks, why, tags, paths);
        }
    }

    /**
     * @param sectionHeader null when the chunk has none
     * @param location      where the chunk is in the document (lines of a text file as on disk, frontmatter
     *                      counted; page, slide, sheet rows, notebook cell), to cite it as {@code path:42-57}; null
     *                      when unknown
     * @param verified      for a passage on a PDF's pages: whether its words were found together on the text of the
     *                      page(s) it cites, as kept at extraction; null when not checked (no pages, no layout)
     * @param ocr           for a passage on a PDF's pages: whether a page it cites was read by OCR; null when not known
     */
    public record ChunkResult(
            String text,
            String sectionHeader,
            double score,
            Location location,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean verified,
            @JsonInclude(JsonInclude.Include.NON_NULL) Boolean ocr) {

        public ChunkResult(String text, String sectionHeader, double score, Location location) {
            this(text, sectionHeader, score, location, null, null);
        }

        /** This passage as checked against its pages. */
        public ChunkResult checked(boolean onThePage, boolean readByOcr) {
            return new ChunkResult(text, sectionHeader, score, location, onThePage, readByOcr);
        }
    }

    /**
     * @param l0Hits       documents matched by a specific frontmatter keyword (exact evidence)
     * @param lexicalMatch some chunk matches a content word of the question
     * @param bm25Hits     chunks the BM25 arm returned
     * @param bestCosine   best cosine similarity of the vector arm (-1: none)
     * @param minCosine    the threshold in force
     * @param l1Available  false when Elasticsearch was not reachable
     * @param genericL0Hits documents matched by generic keywords only (no evidence for the gate)
     * @param reason       when not found, why in words ({@code the folder never mentions Kueue}); null when found
     */
    public record Gate(
            boolean found,
            int l0Hits,
            boolean lexicalMatch,
            int bm25Hits,
            double bestCosine,
            double minCosine,
            boolean l1Available,
            int genericL0Hits,
            String reason) {}

    /** Diagnostics ({@code explain=true}): each arm's raw hits and what the corpus knows of the question. */
    public record Explain(
            List<ArmHit> bm25, List<ArmHit> vector, List<ArmHit> l0, List<L0Explain> keywords, CorpusStats corpus) {

        public static Explain of(Retrieval retrieval) {
            ArmHits hits = retrieval.hits();
            return new Explain(
                    ArmHit.of(hits.bm25(), hits.bm25Scores()),
                    ArmHit.of(hits.vector(), hits.vectorScores()),
                    ArmHit.of(hits.l0(), List.of()),
                    retrieval.l0().stream()
                            .map(h -> new L0Explain(h.path(), h.keywords()))
                            .toList(),
                    hits.corpus());
        }
    }

    /** @param score the arm's own score (BM25 score, cosine similarity), NaN when it has none */
    public record ArmHit(String path, String chunkId, double score) {

        public static List<ArmHit> of(List<ChunkDoc> chunks, List<Double> scores) {
            List<ArmHit> hits = new ArrayList<>();
            for (int i = 0; i < chunks.size(); i++) {
                hits.add(new ArmHit(
                        chunks.get(i).path(), chunks.get(i).chunkId(), i < scores.size() ? scores.get(i) : Double.NaN));
            }
            return hits;
        }
    }

    public record L0Explain(String path, List<L0Hit.KeywordMatch> keywords) {}

    public static SearchResponse of(Retrieval retrieval, boolean partial) {
        return of(retrieval, partial, false);
    }

    public static SearchResponse of(Retrieval retrieval, boolean partial, boolean explain) {
        return new SearchResponse(
                retrieval.query(),
                retrieval.found(),
                retrieval.documents(),
                retrieval.gate(),
                retrieval.suggestions(),
                !retrieval.l1Available(),
                partial,
                explain && retrieval.hits() != null ? Explain.of(retrieval) : null);
    }
}
