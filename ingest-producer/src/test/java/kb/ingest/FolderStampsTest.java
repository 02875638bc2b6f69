package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reconciliation reads a file again only when its size or modification time moved since it was last read. */
class FolderStampsTest {

    @TempDir
    Path base;

    @Test
    void shouldSeeAFileUnchangedUntilItsSizeOrTimeMoves() throws Exception {
        FolderStamps stamps = new FolderStamps(base);
        Path file = Files.writeString(base.resolve("a.md"), "one");
        assertFalse(stamps.unchanged("a.md"), "never read: it differs");
        stamps.reading("a.md");
        assertTrue(stamps.unchanged("a.md"));
        Files.writeString(file, "one two");
        assertFalse(stamps.unchanged("a.md"), "a new size");
        stamps.reading("a.md");
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        assertFalse(stamps.unchanged("a.md"), "the same size, another time");
    }

    @Test
    void shouldForgetAFileWhenItIsGone() throws Exception {
        FolderStamps stamps = new FolderStamps(base);
        Files.writeString(base.resolve("a.md"), "one");
        stamps.reading("a.md");
        Files.delete(base.resolve("a.md"));
        assertFalse(stamps.unchanged("a.md"), "gone: it differs");
        stamps.retainAll(Set.of());
        Files.writeString(base.resolve("a.md"), "one");
        assertFalse(stamps.unchanged("a.md"), "back, but not read since");
    }
}
