package kb.query.search;

import java.util.List;
import kb.query.search.terms.CorpusStats;
import kb.search.es.ChunkDoc;

/**
 * What each retrieval arm returned, best first.
 *
 * @param l0           chunks of the documents L0 matched (empty when it matched none)
 * @param vector       the kNN hits; with two vector fields searched (a question in both scripts), taken from
 *                     each in turn by rank
 * @param bestCosines  per vector field searched, in the order asked: its highest cosine similarity, or -1 when
 *                     it returned nothing (cosines of different models are not comparable: the gate reads each)
 * @param bm25Scores   the BM25 arm's scores, in its order
 * @param vectorScores the vector arm's cosine similarities, in its order
 * @param corpus       document frequencies of the question's words and keywords
 * @param crossVector  the kNN hits in the other script's field for a question in Latin script (see
 *                     {@link kb.search.embed.Embeddings#crossForQuery}); a ranking arm only, never gate evidence
 * @param crossVectorScores the cross arm's cosine similarities (of the other script's model), in its order
 */
record ArmHits(
        List<ChunkDoc> bm25,
        List<ChunkDoc> vector,
        List<ChunkDoc> l0,
        List<Double> bestCosines,
        List<Double> bm25Scores,
        List<Double> vectorScores,
        CorpusStats corpus,
        List<ChunkDoc> crossVector,
        List<Double> crossVectorScores) {

    public static ArmHits none() {
        return new ArmHits(
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                CorpusStats.UNKNOWN,
                List.of(),
                List.of());
    }

    /** The same hits read with other statistics of the question. */
    public ArmHits withCorpus(CorpusStats stats) {
        return new ArmHits(
                bm25, vector, l0, bestCosines, bm25Scores, vectorScores, stats, crossVector, crossVectorScores);
    }

    /** The highest cosine of any field searched, or -1 (for logs and calibration, not for the gate). */
    public double bestCosine() {
        return bestCosines.stream().mapToDouble(Double::doubleValue).max().orElse(-1);
    }
}
