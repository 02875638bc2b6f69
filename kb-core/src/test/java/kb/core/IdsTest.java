package kb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void shouldDeriveStableDocIdsFromPaths() {
        assertEquals(Ids.docId("a/b.md"), Ids.docId("a/b.md"));
        assertNotEquals(Ids.docId("a/b.md"), Ids.docId("a/c.md"));
        assertEquals(32, Ids.docId("a/b.md").length());
    }

    @Test
    void shouldTellApartRepeatedChunksByOccurrence() {
        assertNotEquals(Ids.chunkId("d", "same", 0), Ids.chunkId("d", "same", 1));
        assertEquals(Ids.chunkId("d", "same", 0), Ids.chunkId("d", "same", 0));
    }
}
