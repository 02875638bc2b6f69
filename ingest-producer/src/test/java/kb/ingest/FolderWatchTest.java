package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import kb.core.runtime.DiskSpace;
import kb.core.settings.CollectionFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder's watch as one value: replaced whole when another folder is at the path, told while none is. */
class FolderWatchTest {

    @TempDir
    Path parent;

    private final DiskSpace health = new DiskSpace(List.of(), 0);
    private final List<String> undecodable = new ArrayList<>();

    private FolderWatch watch(Path kb) throws Exception {
        return new FolderWatch(
                new CollectionFolder("notes", kb),
                new PathFilter(Set.copyOf(ProducerConfig.DEFAULT_EXTENSIONS), List.of()),
                undecodable::add,
                health,
                Clock.systemUTC());
    }

    @Test
    void shouldWatchTheNewFolderWhenAnotherIsAtThePathAndSayMissingMeanwhile() throws Exception {
        Path kb = Files.createDirectories(parent.resolve("kb"));
        Files.writeString(kb.resolve("old.md"), "# Old");
        try (FolderWatch watch = watch(kb)) {
            assertEquals(List.of("old.md"), watch.registerTree(""));
            assertEquals(FolderWatch.Followed.THERE, watch.follow());

            Files.move(kb, parent.resolve("kb.old"));
            assertEquals(FolderWatch.Followed.MISSING, watch.follow());
            assertTrue(watch.missing());
            assertTrue(health.reason().contains("watched folder missing"), health.reason());

            Files.createDirectories(kb);
            Files.writeString(kb.resolve("new.md"), "# New");
            assertEquals(FolderWatch.Followed.MOVED, watch.follow());
            assertFalse(watch.missing());
            assertNull(health.reason(), "the folder is back: no problem left");
            assertEquals(List.of("new.md"), watch.registerTree(""), "the new folder's files, not the old one's");
            assertTrue(watch.holds("new.md"));
            assertEquals(FolderWatch.Followed.THERE, watch.follow());
        }
    }
}
