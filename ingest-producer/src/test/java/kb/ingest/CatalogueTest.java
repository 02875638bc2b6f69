package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kb.core.DocumentCard;
import kb.core.FileEvent;
import kb.core.Ids;
import org.junit.jupiter.api.Test;

class CatalogueTest {

    private static FileEvent event(int schemaVersion, String path, String sha256) {
        return new FileEvent(schemaVersion, FileEvent.Op.UPSERT, "kb", path, null, "md", 1, sha256, 0, 0, "x", null);
    }

    @Test
    void shouldTakeAnEventOfThisVersionAsCurrent() {
        Catalogue catalogue = new Catalogue("kb");
        catalogue.apply("kb:a.md", event(FileEvent.SCHEMA_VERSION, "a.md", "h1"));
        assertTrue(catalogue.isCurrent("a.md", "h1"));
    }

    @Test
    void shouldRepublishAFileWhoseLastEventAnOlderVersionWroteButStillListIt() {
        Catalogue catalogue = new Catalogue("kb");
        catalogue.apply("kb:a.md", event(FileEvent.SCHEMA_VERSION - 1, "a.md", "h1"));
        assertFalse(catalogue.isCurrent("a.md", "h1"), "published again, so the chunker reads the note's tags");
        assertTrue(catalogue.contains("a.md"), "still withdrawn if the file was deleted meanwhile");
    }

    private static DocumentCard card(String collection, String path) {
        return new DocumentCard(
                Ids.docId(collection, path), collection, path, path, null, null, null, "md", "h", 1, 1, 0, null);
    }

    @Test
    void shouldListADocumentIndexedWithoutAFileEventSoTheScanWithdrawsOrRepublishesIt() {
        Catalogue catalogue = new Catalogue("kb");
        catalogue.apply("kb:kept.md", event(FileEvent.SCHEMA_VERSION, "kept.md", "h1"));
        catalogue.applyDocument(Ids.docId("kb", "kept.md"), card("kb", "kept.md"));
        catalogue.applyDocument(Ids.docId("kb", "lost.md"), card("kb", "lost.md"));
        catalogue.applyDocument(Ids.docId("kb", "gone.md"), card("kb", "gone.md"));
        catalogue.applyDocument(Ids.docId("kb", "gone.md"), null);
        catalogue.applyDocument(Ids.docId("other", "theirs.md"), card("other", "theirs.md"));
        catalogue.listLost();
        assertEquals(1, catalogue.lostRecords());
        assertTrue(catalogue.contains("lost.md"), "withdrawn if its file is gone");
        assertFalse(catalogue.isCurrent("lost.md", "h"), "published again if its file is there");
        assertTrue(catalogue.isCurrent("kept.md", "h1"));
        assertFalse(catalogue.contains("gone.md"), "a withdrawn document is not lost");
        assertFalse(catalogue.contains("theirs.md"), "another collection's document is not this producer's");
    }
}
