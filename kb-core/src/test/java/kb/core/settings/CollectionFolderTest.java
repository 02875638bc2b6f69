package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CollectionFolderTest {

    @Test
    void shouldDeriveTheNameFromTheFolderWhenNoneIsGiven() {
        assertEquals(
                "knowledge_base",
                CollectionFolder.of(Path.of("/x/knowledge_base"), null).name());
        assertEquals("my-notes", CollectionFolder.of(Path.of("/x/My Notes"), "").name());
        assertEquals("kb", CollectionFolder.nameOf(Path.of("/")));
        assertEquals("a.b", CollectionFolder.nameOf(Path.of("/x/__A.b..")));
    }

    @Test
    void shouldRejectABadNameWhenGivenExplicitly() {
        Settings settings = new Settings(Map.of("KB_BASE_DIR", "/x/notes", "KB_COLLECTION", "Bad Name"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CollectionFolder.from(settings));
        assertTrue(
                e.getMessage().startsWith("KB_COLLECTION 'Bad Name' is not a valid collection name"), e.getMessage());
        assertFalse(CollectionFolder.isValidName("a:b"));
        assertFalse(CollectionFolder.isValidName("-a"));
        assertTrue(CollectionFolder.isValidName("work.2026_a-b"));
    }

    @Test
    void shouldReadSeveralCollectionsBackFromTheirSetting() {
        List<CollectionFolder> folders =
                List.of(CollectionFolder.of(Path.of("/x/a"), null), CollectionFolder.of(Path.of("/y/b"), "bee"));
        Settings settings = new Settings(Map.of("KB_COLLECTIONS", CollectionFolder.setting(folders)));
        assertEquals(folders, CollectionFolder.allFrom(settings));
    }

    @Test
    void shouldRefuseTwoFoldersOfOneName() {
        assertThrows(
                IllegalArgumentException.class,
                () -> CollectionFolder.distinct(List.of(
                        CollectionFolder.of(Path.of("/x/docs"), null), CollectionFolder.of(Path.of("/y/docs"), null))));
    }

    @Test
    void shouldReadADirArgumentAsNamedOnlyWhenANameStandsBeforeItsFirstEquals() {
        assertEquals(
                Optional.of(CollectionFolder.of(Path.of("/x/docs"), "work")),
                CollectionFolder.named("work=/x/docs", "--dir"));
        assertTrue(CollectionFolder.named("/data/a=b", "--dir").isEmpty(), "a folder whose path holds '='");
        assertTrue(CollectionFolder.named("/x/docs", "--dir").isEmpty());
        IllegalArgumentException refused =
                assertThrows(IllegalArgumentException.class, () -> CollectionFolder.named("Notes=/x", "--dir"));
        assertTrue(
                refused.getMessage().startsWith("--dir NAME=DIR 'Notes' is not a valid collection name"),
                refused.getMessage());
    }
}
