package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Relocated Elasticsearch folders whose data folder is gone do not pile up. */
class RelocatedFoldersTest {

    @TempDir
    Path dir;

    private Path relocated(Path parent, String name, Path owner) throws Exception {
        Path folder = Files.createDirectories(parent.resolve(name).resolve("data"));
        Files.writeString(folder.resolve("segments_1"), "an index");
        RelocatedFolders.recordOwner(folder.getParent(), owner);
        return folder.getParent();
    }

    @Test
    void shouldRemoveTheFilesOfAGoneTemporaryFolderOnly() throws Exception {
        Path parent = Files.createDirectories(dir.resolve("state"));
        Path temporary = Files.createDirectories(dir.resolve("tmp"));
        Path living = Files.createDirectories(temporary.resolve("kb-bench-1/data/elasticsearch"));
        Path goneTemporary = relocated(parent, "es-a", temporary.resolve("kb-bench-2/data/elasticsearch"));
        Path goneElsewhere = relocated(parent, "es-b", dir.resolve("home/notes/.kb/elasticsearch"));
        Path alive = relocated(parent, "es-c", living);
        Path unowned = Files.createDirectories(parent.resolve("es-d/data"));
        Path unreadable = Files.createDirectories(parent.resolve("es-f"));
        Files.writeString(unreadable.resolve(RelocatedFolders.OWNER), "not\0a path\n");

        List<Path> removed = RelocatedFolders.removeOrphans(parent, parent.resolve("es-e"), temporary);

        assertEquals(List.of(goneTemporary), removed);
        assertFalse(Files.exists(goneTemporary));
        assertTrue(Files.exists(goneElsewhere), "maybe on a disk not mounted now: reported, never removed");
        assertTrue(Files.exists(alive));
        assertTrue(Files.exists(unowned), "nothing says whose it is");
        assertTrue(Files.exists(unreadable), "an owner that is no path is left, and the others still looked at");
        try (var left = Files.list(parent)) {
            assertEquals(4, left.count(), "nothing left aside");
        }
    }

    @Test
    void shouldKeepAFolderWhoseElasticsearchHoldsItsNodeLock() throws Exception {
        Path parent = Files.createDirectories(dir.resolve("state"));
        Path temporary = Files.createDirectories(dir.resolve("tmp"));
        Path running = relocated(parent, "es-a", temporary.resolve("deleted-while-running/elasticsearch"));
        Process holder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        HoldsNodeLock.class.getName(),
                        running.resolve("data/node.lock").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream()))) {
            assertEquals("locked", out.readLine());
            assertEquals(List.of(), RelocatedFolders.removeOrphans(parent, null, temporary));
            assertTrue(Files.exists(running.resolve("data/segments_1")));
            holder.getOutputStream().close(); // the holder exits, and the OS releases its lock
            assertEquals(0, holder.waitFor());
        } finally {
            holder.destroyForcibly();
        }
        assertEquals(List.of(running), RelocatedFolders.removeOrphans(parent, null, temporary));
    }

    /** Another process holding the lock as Elasticsearch does (Lucene's native lock: {@code FileChannel.tryLock}). */
    public static final class HoldsNodeLock {
        public static void main(String[] args) throws Exception {
            try (FileChannel channel =
                            FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = channel.tryLock()) {
                System.out.println(held == null ? "not locked" : "locked");
                System.out.flush();
                System.in.read();
            }
        }
    }
}
