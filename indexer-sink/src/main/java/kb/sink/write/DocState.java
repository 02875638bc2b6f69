package kb.sink.write;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import kb.core.Chunk;

/**
 * The sink's memory of one document: the generation (offset of the file event) claimed or applied last and
 * its chunk ids. Kept after a delete, so a late replay of an older version cannot bring the document back
 * (Elasticsearch forgets deleted ids after {@code index.gc_deletes}).
 *
 * <p>A writer claims the state (pending) before it writes the version and marks it applied after; see
 * {@link StateFence}. State docs written before claims existed have neither field: applied, nothing stale.
 *
 * @param pending        claimed, not yet confirmed applied: the version's writes may be missing or partial
 * @param staleChunkIds  ids earlier versions may still have in the index that this version does not have;
 *                       its write deletes them (empty once applied)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DocState(
        String docId,
        long generation,
        List<String> chunkIds,
        boolean deleted,
        boolean pending,
        List<String> staleChunkIds) {

    public DocState {
        chunkIds = chunkIds == null ? List.of() : List.copyOf(chunkIds);
        staleChunkIds = staleChunkIds == null ? List.of() : List.copyOf(staleChunkIds);
    }

    /**
     * The pending state a writer of {@code change} claims over {@code previous} (null: none yet): whatever the
     * previous one may have left in the index and this version lacks becomes stale, even when the previous
     * version's write never completed.
     */
    static DocState claim(Change change, DocState previous) {
        List<String> ids = change.isDelete()
                ? List.of()
                : change.document().chunks().stream().map(Chunk::chunkId).toList();
        Set<String> stale = new LinkedHashSet<>();
        if (previous != null) {
            stale.addAll(previous.chunkIds());
            stale.addAll(previous.staleChunkIds());
        }
        ids.forEach(stale::remove);
        return new DocState(change.docId(), change.generation(), ids, change.isDelete(), true, List.copyOf(stale));
    }

    /** The same version, written completely: nothing stale is left. */
    DocState applied() {
        return new DocState(docId, generation, chunkIds, deleted, false, List.of());
    }

    /** Whether a change of this generation has nothing to do: an older version, or this one already applied. */
    boolean covers(long otherGeneration) {
        return generation > otherGeneration || (generation == otherGeneration && !pending);
    }
}
