package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import kb.core.settings.CollectionFolder;
import org.junit.jupiter.api.Test;

class UpOptionsTest {

    @Test
    void shouldWatchEachFolderAsItsOwnCollectionWhenDirIsRepeated() {
        UpOptions options = UpOptions.parse(List.of("--dir", "/x/Work Notes", "--dir", "/y/home"), Map.of());
        assertEquals(
                List.of(
                        new CollectionFolder("work-notes", Path.of("/x/Work Notes")),
                        new CollectionFolder("home", Path.of("/y/home"))),
                options.collections());
        assertEquals(Path.of("/x/Work Notes"), options.kbDir());
    }

    @Test
    void shouldNameACollectionWhenTheDirSaysNameEqualsFolder() {
        UpOptions options = UpOptions.parse(List.of("--dir", "work=/x/docs", "--dir", "/y/docs"), Map.of());
        assertEquals(
                List.of("work", "docs"),
                options.collections().stream().map(CollectionFolder::name).toList());
    }

    @Test
    void shouldRefuseTwoFoldersThatWouldShareACollectionName() {
        var refused = assertThrows(
                IllegalArgumentException.class,
                () -> UpOptions.parse(List.of("--dir", "/x/docs", "--dir", "/y/docs"), Map.of()));
        assertTrue(refused.getMessage().contains("NAME=DIR"), refused.getMessage());
    }

    @Test
    void shouldTakeTheFolderAndNameFromTheEnvironmentWhenNoDirIsGiven() {
        UpOptions options = UpOptions.parse(List.of(), Map.of("KB_BASE_DIR", "/x/kb", "KB_COLLECTION", "team"));
        assertEquals(List.of(new CollectionFolder("team", Path.of("/x/kb"))), options.collections());
        assertThrows(
                IllegalArgumentException.class, () -> UpOptions.parse(List.of(), Map.of("KB_COLLECTION", "Bad Name")));
    }

    @Test
    void shouldListenOnLoopbackByDefaultAndBeyondItOnlyWithAToken() {
        assertEquals("127.0.0.1", UpOptions.parse(List.of(), Map.of()).host());
        assertThrows(IllegalArgumentException.class, () -> UpOptions.parse(List.of("--host", "0.0.0.0"), Map.of()));
        assertEquals(
                "0.0.0.0",
                UpOptions.parse(List.of("--host", "0.0.0.0"), Map.of("KB_API_TOKEN", "t"))
                        .host());
    }
}
