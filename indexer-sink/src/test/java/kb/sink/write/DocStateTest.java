package kb.sink.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.NoteMeta;
import org.junit.jupiter.api.Test;

class DocStateTest {

    private static Change upsert(long generation, String... chunkIds) {
        List<Chunk> chunks = Arrays.stream(chunkIds)
                .map(id -> new Chunk(id, 0, null, id, id))
                .toList();
        DocumentCard card = new DocumentCard(
                "d", "kb", "d.md", "T", List.of(), null, null, "md", "h", 1, chunks.size(), 1, NoteMeta.NONE);
        return new Change("d", generation, new DocumentChunks(card, "", chunks), 0, null);
    }

    @Test
    void shouldMarkWhatThePreviousVersionHasAndTheNewOneLacksStale() {
        DocState applied = new DocState("d", 3, List.of("a", "b"), false, false, List.of());
        DocState claimed = DocState.claim(upsert(5, "a", "c"), applied);
        assertEquals(List.of("a", "c"), claimed.chunkIds());
        assertEquals(List.of("b"), claimed.staleChunkIds());
        assertTrue(claimed.pending());
    }

    @Test
    void shouldCarryThePendingVersionsStaleIdsOverWhenItsWriteMayNotHaveHappened() {
        DocState pending =
                DocState.claim(upsert(5, "a", "c"), new DocState("d", 3, List.of("a", "b"), false, false, List.of()));
        DocState next = DocState.claim(upsert(10, "a", "d"), pending);
        assertEquals(List.of("c", "b"), next.staleChunkIds(), "b may still be there: the write of 5 may not have run");
        DocState deleted = DocState.claim(new Change("d", 11, null, 0, null), next);
        assertEquals(List.of("a", "d", "c", "b"), deleted.staleChunkIds());
        assertTrue(deleted.deleted());
    }

    @Test
    void shouldCoverOlderVersionsAndItsOwnOnlyOnceApplied() {
        DocState pending = DocState.claim(upsert(5, "a"), null);
        assertTrue(pending.covers(4));
        assertFalse(pending.covers(5), "claimed, not applied: a retry of the same version writes it again");
        assertFalse(pending.covers(6));
        DocState applied = pending.applied();
        assertTrue(applied.covers(5));
        assertEquals(List.of(), applied.staleChunkIds());
        assertFalse(applied.pending());
    }
}
