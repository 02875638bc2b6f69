package kb.query;

import java.util.List;
import kb.core.es.ChunkDoc;

/**
 * What each retrieval arm returned, best first.
 *
 * @param l0           chunks of the documents L0 matched (empty when it matched none)
 * @param bestCosine   highest cosine similarity in the vector arm, or -1 when it returned nothing
 * @param bm25Scores   the BM25 arm's scores, in its order
 * @param vectorScores the vector arm's cosine similarities, in its order
 * @param corpus       document frequencies of the question's words and keywords
 */
public record ArmHits(List<ChunkDoc> bm25, List<ChunkDoc> vector, List<ChunkDoc> l0, double bestCosine,
                      List<Double> bm25Scores, List<Double> vectorScores, CorpusStats corpus) {

    public ArmHits(List<ChunkDoc> bm25, List<ChunkDoc> vector, List<ChunkDoc> l0, double bestCosine) {
        this(bm25, vector, l0, bestCosine, List.of(), List.of(), CorpusStats.UNKNOWN);
    }

    public static ArmHits none() {
        return new ArmHits(List.of(), List.of(), List.of(), -1);
    }
}
