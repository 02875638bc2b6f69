package kb.query.documents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import kb.core.Ids;
import kb.core.settings.CollectionFolder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Uploads and deletes stay inside the knowledge base's real path; bad names are 4xx, never an I/O error. */
class DocumentFilesTest {

    @TempDir
    Path dir;

    private Path base;
    private Path outside;
    private Path home;
    private DocumentFiles files;

    @BeforeEach
    void setUp() throws Exception {
        base = Files.createDirectories(dir.resolve("kb"));
        outside = Files.createDirectories(dir.resolve("outside"));
        home = Files.createDirectories(dir.resolve("home"));
        files = new DocumentFiles(
                List.of(new CollectionFolder("kb", base), new CollectionFolder("home", home)), Set.of("md"), 1024);
    }

    private DocumentFiles.Saved save(String category, String name) throws Exception {
        return files.save(
                null, category, name, 1, new ByteArrayInputStream("x".getBytes(StandardCharsets.UTF_8)), false);
    }

    @Test
    void shouldSaveToTheFirstCollectionWhenNoneIsNamed() throws Exception {
        DocumentFiles.Saved saved = save("notes", "a.md");
        assertEquals(new DocumentFiles.Saved(Ids.docId("kb", "notes/a.md"), "kb", "notes/a.md"), saved);
        assertTrue(Files.exists(base.resolve("notes/a.md")));
    }

    @Test
    void shouldSaveToTheNamedCollectionAndDeleteFromItWhenSeveralAreServed() throws Exception {
        files.save("home", null, "a.md", 1, new ByteArrayInputStream("x".getBytes(StandardCharsets.UTF_8)), false);
        assertTrue(Files.exists(home.resolve("a.md")));
        assertFalse(Files.exists(base.resolve("a.md")));
        assertTrue(files.delete("home", "a.md"));
        assertFalse(Files.exists(home.resolve("a.md")));
    }

    @Test
    void shouldRefuseAnUploadOntoAnExistingNameWhenNotAskedToOverwrite() throws Exception {
        save("notes", "a.md");
        var refused = assertThrows(DocumentFiles.InvalidUpload.class, () -> save("notes", "a.md"));
        assertEquals(409, refused.status());
        assertEquals("x", Files.readString(base.resolve("notes/a.md")));
    }

    @Test
    void shouldReplaceTheFileWhenAskedToOverwrite() throws Exception {
        save("notes", "a.md");
        files.save("kb", "notes", "a.md", 1, new ByteArrayInputStream("y".getBytes(StandardCharsets.UTF_8)), true);
        assertEquals("y", Files.readString(base.resolve("notes/a.md")));
    }

    @Test
    void shouldRefuseAnUploadWhenTheCollectionIsUnknown() {
        var refused = assertThrows(
                DocumentFiles.InvalidUpload.class,
                () -> files.save(
                        "nope",
                        null,
                        "a.md",
                        1,
                        new ByteArrayInputStream("x".getBytes(StandardCharsets.UTF_8)),
                        false));
        assertEquals(400, refused.status());
    }

    @Test
    void shouldRefuseAnUploadWhenItsCategoryIsAFolderSymlinkedOutside() throws Exception {
        Files.createSymbolicLink(base.resolve("linked"), outside);
        var refused = assertThrows(DocumentFiles.InvalidUpload.class, () -> save("linked", "note.md"));
        assertEquals(400, refused.status());
        try (var left = Files.list(outside)) {
            assertEquals(0, left.count(), "nothing was written outside");
        }
    }

    @Test
    void shouldNotDeleteAnOutsideFileWhenItsFolderIsSymlinkedOutside() throws Exception {
        Path victim = Files.writeString(outside.resolve("victim.md"), "keep me");
        Files.createSymbolicLink(base.resolve("linked"), outside);
        var refused = assertThrows(DocumentFiles.InvalidUpload.class, () -> files.delete("kb", "linked/victim.md"));
        assertEquals(400, refused.status());
        assertTrue(Files.exists(victim));
    }

    @Test
    void shouldFollowAFolderSymlinkThatStaysInside() throws Exception {
        Files.createDirectories(base.resolve("real"));
        Files.createSymbolicLink(base.resolve("alias"), base.resolve("real"));
        assertEquals("alias/note.md", save("alias", "note.md").path());
        assertTrue(Files.exists(base.resolve("real/note.md")));
        assertTrue(files.delete("kb", "alias/note.md"));
        assertFalse(Files.exists(base.resolve("real/note.md")));
    }

    @Test
    void shouldRejectNamesThatTheFileSystemWouldRefuseWith4xx() throws Exception {
        Files.writeString(base.resolve("taken.md"), "a file, not a folder");
        assertEquals(
                400,
                assertThrows(DocumentFiles.InvalidUpload.class, () -> save("ok", "bad\rname.md"))
                        .status());
        assertEquals(
                400,
                assertThrows(DocumentFiles.InvalidUpload.class, () -> save("ok", "bad\nname.md"))
                        .status());
        assertEquals(
                400,
                assertThrows(DocumentFiles.InvalidUpload.class, () -> save("ok", "日".repeat(200) + ".md"))
                        .status());
        assertEquals(
                400,
                assertThrows(DocumentFiles.InvalidUpload.class, () -> save("日".repeat(90), "a.md"))
                        .status());
        assertEquals(
                409,
                assertThrows(DocumentFiles.InvalidUpload.class, () -> save("taken.md", "a.md"))
                        .status());
    }

    @Test
    void shouldAcceptANameOfExactly255BytesInUtf8() throws Exception {
        String name = "日".repeat(84) + ".md"; // 252 + 3 bytes
        assertEquals(255, name.getBytes(StandardCharsets.UTF_8).length);
        assertEquals("ok/" + name, save("ok", name).path());
        assertTrue(Files.exists(base.resolve("ok").resolve(name)));
    }
}
