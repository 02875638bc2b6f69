package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data folder's lock: one holder at a time, who it is said in the refusal, free again once released. */
class DataFolderLockTest {

    @TempDir
    Path work;

    @Test
    void shouldRefuseASecondHolderWithTheFirstsPidAndUrlWhenTheFolderIsLocked() throws Exception {
        Path data = work.resolve("data");
        try (DataFolderLock first = DataFolderLock.acquire(data)) {
            first.advertise("http://localhost:8080");
            StartRefused refused = assertThrows(StartRefused.class, () -> DataFolderLock.acquire(data));
            assertEquals(
                    data + " is in use by kb (pid " + ProcessHandle.current().pid() + ", http://localhost:8080)",
                    refused.getMessage());
        }
        try (DataFolderLock again = DataFolderLock.acquire(data)) {
            assertEquals(data, again.folder());
        }
    }

    @Test
    void shouldRefuseWhileAnotherProcessHoldsItAndGrantItOnceThatProcessIsKilled() throws Exception {
        Path data = work.resolve("data");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        LockHolderMain.class.getName(),
                        data.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            String line = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertEquals("locked", line);
            StartRefused refused = assertThrows(StartRefused.class, () -> DataFolderLock.acquire(data));
            assertEquals(
                    data + " is in use by kb (pid " + holder.pid() + ", http://localhost:1234)", refused.getMessage());
            holder.destroyForcibly(); // kill -9: no code of the holder runs, the OS releases its lock
            assertTrue(holder.waitFor(30, TimeUnit.SECONDS));
            try (DataFolderLock next = DataFolderLock.acquire(data)) {
                assertEquals(data, next.folder(), "a lock file left by a killed kb blocks nothing");
            }
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void shouldRefuseWhenTheDataFolderCannotBeCreated() throws Exception {
        Path file = Files.writeString(work.resolve("file"), "x");
        StartRefused refused = assertThrows(StartRefused.class, () -> DataFolderLock.acquire(file.resolve("data")));
        assertEquals(true, refused.getMessage().contains("is not writable"), refused.getMessage());
    }
}
