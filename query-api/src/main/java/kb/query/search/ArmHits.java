package kb.query.search;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import kb.query.search.corpus.ScoredChunk;
import kb.query.search.terms.CorpusStats;
import kb.search.es.ChunkDoc;

/**
 * What each retrieval arm returned, best first, with its own scores.
 *
 * @param arms        each arm's scored chunks; an arm not asked (or that found nothing) is empty
 * @param bestCosines per vector field of the question's own model, in the order asked: its highest cosine
 *                    similarity, or -1 when it returned nothing (cosines of different models are not comparable:
 *                    the gate reads each)
 * @param corpus      document frequencies of the question's words and keywords
 */
public record ArmHits(Map<Arm, List<ScoredChunk>> arms, List<Double> bestCosines, CorpusStats corpus) {

    public ArmHits {
        Map<Arm, List<ScoredChunk>> all = new EnumMap<>(Arm.class);
        for (Arm arm : Arm.values()) {
            all.put(arm, List.copyOf(arms.getOrDefault(arm, List.of())));
        }
        arms = Map.copyOf(all);
        bestCosines = List.copyOf(bestCosines);
    }

    public static ArmHits none() {
        return new ArmHits(Map.of(), List.of(), CorpusStats.UNKNOWN);
    }

    /** The same hits read with other statistics of the question. */
    public ArmHits withCorpus(CorpusStats stats) {
        return new ArmHits(arms, bestCosines, stats);
    }

    /** One arm's scored chunks, best first. */
    public List<ScoredChunk> of(Arm arm) {
        return arms.get(arm);
    }

    /** One arm's chunks, best first. */
    public List<ChunkDoc> chunks(Arm arm) {
        return arms.get(arm).stream().map(ScoredChunk::chunk).toList();
    }

    /** One arm's scores, in its order. */
    public List<Double> scores(Arm arm) {
        return arms.get(arm).stream().map(ScoredChunk::score).toList();
    }

    public List<ChunkDoc> bm25() {
        return chunks(Arm.BM25);
    }

    public List<ChunkDoc> vector() {
        return chunks(Arm.VECTOR);
    }

    public List<ChunkDoc> l0() {
        return chunks(Arm.L0);
    }

    public List<ChunkDoc> crossVector() {
        return chunks(Arm.CROSS_VECTOR);
    }

    public List<Double> bm25Scores() {
        return scores(Arm.BM25);
    }

    public List<Double> vectorScores() {
        return scores(Arm.VECTOR);
    }

    public List<Double> crossVectorScores() {
        return scores(Arm.CROSS_VECTOR);
    }

    /** The highest cosine of any field searched, or -1 (for logs and calibration, not for the gate). */
    public double bestCosine() {
        return bestCosines.stream().mapToDouble(Double::doubleValue).max().orElse(-1);
    }
}
