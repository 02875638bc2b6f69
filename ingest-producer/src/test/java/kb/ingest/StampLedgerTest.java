package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart's scan skips a file only while it has the stamp of a read whose content the catalogue holds: the reads
 * are kept in a file per folder, and another folder's, a damaged one or none are no reason to skip anything.
 */
class StampLedgerTest {

    @TempDir
    Path base;

    @TempDir
    Path state;

    @Test
    void shouldSkipAFileOnlyWhileItsStampAndContentAreConfirmed() throws Exception {
        FolderStamps stamps = new FolderStamps(base);
        Path file = Files.writeString(base.resolve("a.md"), "one");
        stamps.confirm("a.md", stamps.reading("a.md"), "sha-one");
        assertTrue(stamps.confirmedCurrent("a.md", "sha-one"::equals));
        assertFalse(stamps.confirmedCurrent("a.md", "sha-other"::equals), "the catalogue holds other content");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        assertFalse(stamps.confirmedCurrent("a.md", "sha-one"::equals), "touched since the read");
        assertFalse(stamps.confirmedCurrent("b.md", s -> true), "never read");
    }

    @Test
    void shouldKeepTheConfirmedReadsAcrossARestart() throws Exception {
        Files.writeString(base.resolve("a.md"), "one");
        FolderStamps before = new FolderStamps(base);
        before.confirm("a.md", before.reading("a.md"), "sha-one");
        StampLedger.of(state, "notes", base).save(before.confirmedReads());

        FolderStamps after = new FolderStamps(base);
        after.restore(StampLedger.of(state, "notes", base).load());
        assertTrue(after.confirmedCurrent("a.md", "sha-one"::equals));
        assertEquals(before.confirmedReads(), after.confirmedReads(), "the stamp to the nanosecond");
    }

    @Test
    void shouldTakeNothingFromAnotherFolderAnotherCollectionADamagedFileOrNoStateFolder(@TempDir Path other)
            throws Exception {
        Files.writeString(base.resolve("a.md"), "one");
        FolderStamps stamps = new FolderStamps(base);
        stamps.confirm("a.md", stamps.reading("a.md"), "sha-one");
        StampLedger.of(state, "notes", base).save(stamps.confirmedReads());

        assertEquals(Map.of(), StampLedger.of(state, "notes", other).load());
        assertEquals(Map.of(), StampLedger.of(state, "papers", base).load());
        assertEquals(Map.of(), StampLedger.of(null, "notes", base).load());
        try (var files = Files.list(state)) {
            Path kept = files.filter(p -> p.toString().endsWith(".json"))
                    .findFirst()
                    .orElseThrow();
            Files.writeString(kept, "{\"version\": 1, \"folder\": ");
        }
        assertEquals(Map.of(), StampLedger.of(state, "notes", base).load(), "a torn write reads nothing");
    }
}
