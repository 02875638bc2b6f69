package kb.ingest.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which folder is at the watched path, after the moves an operator makes. */
class WatchedRootTest {

    @TempDir
    Path parent;

    @Test
    void shouldSayGoneOnceThenReplacedWhenTheFolderIsMovedAwayAndAnotherCreated() throws Exception {
        Path kb = Files.createDirectories(parent.resolve("kb"));
        WatchedRoot root = new WatchedRoot(kb);
        assertEquals(WatchedRoot.Seen.UNCHANGED, root.look());
        Files.move(kb, parent.resolve("kb.old"));
        assertEquals(WatchedRoot.Seen.GONE, root.look());
        assertTrue(root.missing());
        assertEquals(WatchedRoot.Seen.UNCHANGED, root.look(), "still gone: said once");
        Files.createDirectories(kb);
        assertEquals(WatchedRoot.Seen.REPLACED, root.look());
        assertFalse(root.missing());
        assertEquals(WatchedRoot.Seen.UNCHANGED, root.look());
    }

    @Test
    void shouldSayReplacedWithoutAGapWhenAnotherFolderTakesThePathBetweenTwoLooks() throws Exception {
        Path kb = Files.createDirectories(parent.resolve("kb"));
        WatchedRoot root = new WatchedRoot(kb);
        Files.createDirectories(parent.resolve("next"));
        Files.move(kb, parent.resolve("kb.old"));
        Files.move(parent.resolve("next"), kb);
        assertEquals(WatchedRoot.Seen.REPLACED, root.look());
    }

    @Test
    void shouldSayGoneWhenAFileTakesThePlaceOfTheFolder() throws Exception {
        Path kb = Files.createDirectories(parent.resolve("kb"));
        WatchedRoot root = new WatchedRoot(kb);
        Files.delete(kb);
        Files.writeString(kb, "not a folder");
        assertEquals(WatchedRoot.Seen.GONE, root.look());
    }
}
