package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A measuring command's temporary folder goes when its figures are out; a named one, or a failed run's, stays. */
class WorkFolderTest {

    @TempDir
    Path dir;

    @Test
    void shouldDeleteATemporaryFolderOnceMeasured() throws Exception {
        WorkFolder work = WorkFolder.of(null, "kb-work-folder-test-");

        String figures = work.measure(() -> {
            Files.createDirectories(work.data().resolve("elasticsearch"));
            Files.writeString(work.path().resolve("kb-note.md"), "a note");
            return "figures";
        });

        assertEquals("figures", figures);
        assertFalse(Files.exists(work.path()));
    }

    @Test
    void shouldKeepANamedFolderForTheNextRun() throws Exception {
        WorkFolder named = WorkFolder.of(dir.resolve("named"), "unused-");
        named.measure(() -> Files.createDirectories(named.data()));
        assertTrue(Files.exists(named.data()), "a named folder keeps its index for the next run");
    }

    @Test
    void shouldKeepAFailedRunsTemporaryFolderForItsLogs() throws Exception {
        WorkFolder failed = WorkFolder.of(null, "kb-work-folder-test-");
        try {
            IOException thrown = assertThrows(
                    IOException.class,
                    () -> failed.measure(() -> {
                        throw new IOException("Elasticsearch did not start");
                    }));
            assertEquals("Elasticsearch did not start", thrown.getMessage());
            assertTrue(Files.exists(failed.path()), "its logs are read after a failure");
        } finally {
            Files.delete(failed.path());
        }
    }
}
