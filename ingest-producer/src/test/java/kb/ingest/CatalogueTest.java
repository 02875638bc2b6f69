package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import kb.core.FileEvent;
import org.junit.jupiter.api.Test;

class CatalogueTest {

    private static FileEvent event(int schemaVersion, String path, String sha256) {
        return new FileEvent(schemaVersion, FileEvent.Op.UPSERT, "kb", path, null, "md", 1, sha256, 0, 0, "x");
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
}
