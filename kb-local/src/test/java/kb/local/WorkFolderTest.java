package kb.local;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A measuring command's temporary folder goes when its figures are out; a named one, or a failed run's, stays. */
class WorkFolderTest {

    @TempDir
    Path dir;

    @Test
    void shouldDeleteATemporaryFolderOnceFinished() throws Exception {
        WorkFolder work = WorkFolder.of(null, "kb-work-folder-test-");
        Files.createDirectories(work.data().resolve("elasticsearch"));
        Files.writeString(work.path().resolve("kb-note.md"), "a note");

        work.finished();

        assertFalse(Files.exists(work.path()));
    }

    @Test
    void shouldKeepANamedFolderAndAFailedRunsFolder() throws Exception {
        WorkFolder named = WorkFolder.of(dir.resolve("named"), "unused-");
        Files.createDirectories(named.data());
        named.finished();
        assertTrue(Files.exists(named.data()), "a named folder keeps its index for the next run");

        WorkFolder failed = WorkFolder.of(null, "kb-work-folder-test-");
        try {
            failed.failed();
            assertTrue(Files.exists(failed.path()), "its logs are read after a failure");
        } finally {
            Files.delete(failed.path());
        }
    }
}
