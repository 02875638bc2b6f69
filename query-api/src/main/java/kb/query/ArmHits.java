package kb.query;

import java.util.List;
import kb.core.es.ChunkDoc;

/**
 * What each retrieval arm returned, best first.
 *
 * @param l0         chunks of the documents L0 matched (empty when it matched none)
 * @param bestCosine highest cosine similarity in the vector arm, or -1 when it returned nothing
 */
public record ArmHits(List<ChunkDoc> bm25, List<ChunkDoc> vector, List<ChunkDoc> l0, double bestCosine) {

    public static ArmHits none() {
        return new ArmHits(List.of(), List.of(), List.of(), -1);
    }
}
