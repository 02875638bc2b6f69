package kb.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import kb.core.settings.CollectionFolder;
import kb.infra.DiskReserve;
import kb.infra.StartRefused;

/**
 * What {@code kb up} checks before it starts anything, so a mistake costs a second, not the 40 s of a broker and
 * an Elasticsearch started for nothing: each failure is a {@link StartRefused} (one line, exit status 2).
 */
final class StartupChecks {

    private static final long MB = 1024 * 1024;

    private StartupChecks() {}

    /** {@code --data}: a folder (created when absent) this process can write in. */
    static void dataFolder(Path data) {
        if (Files.exists(data) && !Files.isDirectory(data)) {
            throw new StartRefused("--data " + data + " is a file, not a folder");
        }
        try {
            Files.createDirectories(data);
            Files.delete(Files.createTempFile(data, ".kb-probe", ".tmp"));
        } catch (IOException e) {
            throw new StartRefused("--data " + data + " is not writable (" + reason(e) + ")", e);
        }
    }

    /** Each {@code --dir}: a folder that can be read, created when absent (as documented). */
    static void knowledgeFolder(CollectionFolder collection) {
        Path dir = collection.folder();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new StartRefused("--dir " + dir + " is a file, not a folder");
        }
        try {
            Files.createDirectories(dir);
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                entries.iterator().hasNext();
            }
        } catch (IOException e) {
            throw new StartRefused("--dir " + dir + " cannot be read (" + reason(e) + ")", e);
        }
    }

    /** The API's port is free on its interface (0: any free one, nothing to check). */
    static void apiPort(String host, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw new StartRefused("port " + port + " on " + host + " is in use (" + reason(e)
                    + "): stop what listens there or choose another with --port");
        }
    }

    /**
     * Room to start: the pipeline's margin ({@code KB_DISK_MIN_FREE_MB}) plus the reserve kb holds for the broker
     * and Elasticsearch ({@link DiskReserve}); a reserve already held by an earlier run counts as room.
     */
    static void freeSpace(Path data, long minFreeBytes) {
        long free;
        try {
            free = Files.getFileStore(data).getUsableSpace() + DiskReserve.heldBytes(data);
        } catch (IOException e) {
            throw new StartRefused("cannot read the free space of --data " + data + " (" + reason(e) + ")", e);
        }
        long needed = minFreeBytes + DiskReserve.BYTES;
        if (free < needed) {
            throw new StartRefused(String.format(
                    Locale.ROOT,
                    "only %d MB free in %s; kb needs %d MB to start (KB_DISK_MIN_FREE_MB %d MB and a reserve of %d MB)",
                    free / MB,
                    data,
                    needed / MB,
                    minFreeBytes / MB,
                    DiskReserve.BYTES / MB));
        }
    }

    private static String reason(IOException e) {
        String message = e.getMessage();
        String kind = e.getClass().getSimpleName().replace("Exception", "");
        return message == null ? kind : kind + ": " + message;
    }
}
