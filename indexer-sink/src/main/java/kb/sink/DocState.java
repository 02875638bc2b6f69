package kb.sink;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * The sink's memory of one document: the generation (offset on kb.chunks) last applied and the chunk ids
 * it wrote. Kept after a delete, so a late replay of an older version cannot bring the document back
 * (Elasticsearch forgets deleted ids after {@code index.gc_deletes}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DocState(String docId, long generation, List<String> chunkIds, boolean deleted) {

    public DocState {
        chunkIds = chunkIds == null ? List.of() : List.copyOf(chunkIds);
    }
}
