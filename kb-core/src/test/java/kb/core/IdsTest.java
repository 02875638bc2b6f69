package kb.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void shouldDeriveStableDocIdsFromCollectionAndPath() {
        assertEquals(Ids.docId("notes", "a/b.md"), Ids.docId("notes", "a/b.md"));
        assertNotEquals(Ids.docId("notes", "a/b.md"), Ids.docId("notes", "a/c.md"));
        assertEquals(32, Ids.docId("notes", "a/b.md").length());
    }

    @Test
    void shouldGiveTwoDocumentsWhenTheSamePathIsInTwoCollections() {
        assertNotEquals(Ids.docId("work", "a.md"), Ids.docId("home", "a.md"));
        assertEquals("work:a.md", Ids.fileKey("work", "a.md"));
    }

    @Test
    void shouldNameTheDocumentOfAKeyWhenOnlyTheKeyIsKnown() {
        assertEquals(Ids.docId("work", "a/b.md"), Ids.docIdOfKey("work:a/b.md"));
    }

    @Test
    void shouldKeepTheOldDocIdForAKeyFromBeforeCollections() {
        // The bare path was the key and its digest the id: a tombstone of such a key still finds that document.
        assertEquals(Ids.sha256Hex("a/b.md").substring(0, 32), Ids.docIdOfKey("a/b.md"));
        FileEvent legacy = new FileEvent(1, FileEvent.Op.UPSERT, null, "a/b.md", "a", "md", 1, "h", 0, 0, "x", null);
        assertEquals("a/b.md", legacy.key());
    }

    @Test
    void shouldTellApartRepeatedChunksByOccurrence() {
        assertNotEquals(Ids.chunkId("d", "same", 0), Ids.chunkId("d", "same", 1));
        assertEquals(Ids.chunkId("d", "same", 0), Ids.chunkId("d", "same", 0));
    }
}
