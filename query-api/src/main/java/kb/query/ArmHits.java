package kb.query;

import java.util.List;
import kb.core.es.ChunkDoc;

/**
 * What each retrieval arm returned, best first.
 *
 * @param bestCosine highest cosine similarity in the vector arm, or -1 when it returned nothing
 */
public record ArmHits(List<ChunkDoc> bm25, List<ChunkDoc> vector, double bestCosine) {
}
