package kb.ingest.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kb.core.DocumentCard;
import kb.core.ExtractedText;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Location;
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

    private static FileEvent document(String path, int reader) {
        ExtractedText text = new ExtractedText(
                null, List.of(), List.of(new ExtractedText.Block(Location.Unit.PAGE, 1, null, 0, "p")), reader);
        return new FileEvent(
                FileEvent.SCHEMA_VERSION, FileEvent.Op.UPSERT, "kb", path, null, "pdf", 1, "h1", 0, 0, null, text);
    }

    @Test
    void shouldReadADocumentAgainWhenAnOlderExtractionReadIt() {
        Catalogue catalogue = new Catalogue("kb");
        catalogue.apply("kb:old.pdf", document("old.pdf", ExtractedText.READER_VERSION - 1));
        catalogue.apply("kb:new.pdf", document("new.pdf", ExtractedText.READER_VERSION));
        assertFalse(catalogue.isCurrent("old.pdf", "h1"), "published again, so the index holds the new reading");
        assertTrue(catalogue.contains("old.pdf"));
        assertTrue(catalogue.isCurrent("new.pdf", "h1"));
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
