package kb.query.search;

import java.util.ArrayList;
import java.util.List;
import kb.query.search.corpus.ScoredChunk;
import kb.search.es.ChunkDoc;

/** Hand-built arm hits for tests of the fusion, the gate and the lookup's assembly (no Elasticsearch). */
final class ArmHitsFixtures {

    private ArmHitsFixtures() {}

    /** The chunks with these scores, in order. */
    static List<ScoredChunk> scored(List<ChunkDoc> chunks, List<Double> scores) {
        List<ScoredChunk> scored = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            scored.add(new ScoredChunk(chunks.get(i), scores.get(i)));
        }
        return scored;
    }

    /** The chunks, all with one score (an arm read by rank only). */
    static List<ScoredChunk> scored(List<ChunkDoc> chunks, double score) {
        return chunks.stream().map(c -> new ScoredChunk(c, score)).toList();
    }
}
