package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
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
    void shouldRefuseWhenTheDataFolderCannotBeCreated() throws Exception {
        Path file = Files.writeString(work.resolve("file"), "x");
        StartRefused refused = assertThrows(StartRefused.class, () -> DataFolderLock.acquire(file.resolve("data")));
        assertEquals(true, refused.getMessage().contains("is not writable"), refused.getMessage());
    }
}
