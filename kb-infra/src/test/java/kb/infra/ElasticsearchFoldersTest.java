package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Elasticsearch's files are its user's only, and nothing above the data folder is ever chmodded. */
class ElasticsearchFoldersTest {

    @TempDir
    Path dir;

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void shouldCloseTheFolderToOthersWhenRunAsItsOwnUser() throws Exception {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path chosen = ElasticsearchFolders.choose(data.resolve("elasticsearch"), false);
        ElasticsearchFolders.secure(data.resolve("elasticsearch"), chosen, false);
        assertEquals(data.resolve("elasticsearch"), chosen);
        assertEquals("rwx------", mode(chosen));
    }

    @Test
    void shouldKeepElasticsearchInsideDataAndOpenOnlyTheDataFolderForPassageAsRoot() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (chown to nobody)");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x")); // like /home/someone
        Path data = Files.createDirectories(
                dir.resolve("data"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        String above = mode(dir);
        Path chosen = ElasticsearchFolders.choose(data.resolve("elasticsearch"), true);
        ElasticsearchFolders.secure(data.resolve("elasticsearch"), chosen, true);
        assertEquals(data.resolve("elasticsearch"), chosen);
        assertEquals("rwx------", mode(chosen));
        assertEquals("nobody", Files.getOwner(chosen, LinkOption.NOFOLLOW_LINKS).getName());
        assertEquals("rwx-----x", mode(data), "o+x only, never o+r");
        assertEquals(above, mode(dir), "nothing above --data changes");
    }

    /** A data folder under a folder closed to others, as {@code /root/notes/.kb} is. */
    private Path closedDataFolder() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root (chown to nobody)");
        Path closed = Files.createDirectories(
                dir.resolve("home"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        return Files.createDirectories(closed.resolve("data"));
    }

    @Test
    void shouldRelocateRatherThanChmodAncestorsWhenNobodyCannotReachTheDataFolder() throws Exception {
        Path data = closedDataFolder();
        Path closed = data.getParent();
        Path chosen = ElasticsearchFolders.choose(data.resolve("elasticsearch"), true);
        try {
            ElasticsearchFolders.secure(data.resolve("elasticsearch"), chosen, true);
            assertTrue(chosen.startsWith(ElasticsearchFolders.SYSTEM_STATE), chosen.toString());
            assertEquals("rwx------", mode(chosen));
            assertEquals(
                    "nobody", Files.getOwner(chosen, LinkOption.NOFOLLOW_LINKS).getName());
            assertEquals("rwx------", mode(closed), "the closed folder above --data stays closed");
            assertEquals(
                    chosen.toString(),
                    Files.readString(data.resolve("elasticsearch/LOCATION")).strip());
            assertEquals(
                    data.resolve("elasticsearch").toString(),
                    Files.readString(chosen.resolve(RelocatedFolders.OWNER)).strip(),
                    "whose it is, so it can go when its data folder is gone");
        } finally {
            DistributionCache.deleteTree(chosen);
        }
    }

    @Test
    void shouldDeleteADataFolderWithItsRelocatedFiles() throws Exception {
        Path data = closedDataFolder();
        Path chosen = ElasticsearchFolders.choose(data.resolve("elasticsearch"), true);
        try {
            ElasticsearchFolders.secure(data.resolve("elasticsearch"), chosen, true);
            Files.createDirectories(chosen.resolve("data"));

            RelocatedFolders.deleteWithElasticsearch(data.getParent(), data);

            assertFalse(Files.exists(data.getParent()));
            assertFalse(Files.exists(chosen));
        } finally {
            DistributionCache.deleteTree(chosen);
        }
    }
}
