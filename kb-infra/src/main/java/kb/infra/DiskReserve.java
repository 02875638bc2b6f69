package kb.infra;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Room kept for the broker and Elasticsearch in the data folder's file system: {@value #SLICES} files of
 * {@value #SLICE_MB} MB ({@code DATADIR/reserve/slice-N}), written (not sparse: a tmpfs or a thin volume only counts
 * what is written) and given back one at a time when the file system is all but full. Whatever fills a disk stops at
 * its first "no space left", so a slice freed after that is left to what must still write while the pipeline waits:
 * the broker's checkpoints every few seconds and its KRaft metadata log (a failed write there halts the broker's
 * JVM, that is {@code kb}), Elasticsearch's translog and state files. The pipeline itself stops writing long before
 * ({@code KB_DISK_MIN_FREE_MB}); the slices are written back once the space is back above that margin.
 */
public final class DiskReserve implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DiskReserve.class);
    static final int SLICES = 8;
    static final int SLICE_MB = 8;
    static final long SLICE_BYTES = SLICE_MB * 1024L * 1024L;
    /** The whole reserve. */
    public static final long BYTES = SLICES * SLICE_BYTES;
    /** Below this much free space a slice is given back: the file system is full, or about to be. */
    static final long FLOOR_BYTES = 2L * 1024 * 1024;
    /**
     * Checked this often: a full file system must not last longer than this before a slice is freed, since a
     * broker checkpoint written in that span fails its log directory (seen once in a test run with a 100 ms period:
     * the replication-offset checkpoint fell between dd's last byte and the release). A check is one statfs call.
     */
    static final long PERIOD_MS = 10;

    private final Path folder;
    private final long keepFreeBytes;
    private final LongSupplier freeBytes;
    private int held;
    private ScheduledExecutorService checker;

    DiskReserve(Path folder, long keepFreeBytes, LongSupplier freeBytes) {
        this.folder = folder;
        this.keepFreeBytes = keepFreeBytes;
        this.freeBytes = freeBytes;
    }

    /**
     * Writes the slices that fit above {@code keepFreeBytes} in {@code dataDir/reserve} and watches the free space.
     *
     * @param keepFreeBytes the pipeline's margin: a slice is written back only when this much stays free after it
     */
    public static DiskReserve hold(Path dataDir, long keepFreeBytes) throws IOException {
        Path folder = Files.createDirectories(dataDir.resolve("reserve"));
        DiskReserve reserve = new DiskReserve(folder, keepFreeBytes, freeSpace(folder));
        reserve.adoptExisting();
        reserve.check();
        reserve.checker = Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-disk-reserve"));
        reserve.checker.scheduleWithFixedDelay(reserve::check, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
        return reserve;
    }

    /** Slices a previous run left are held again (in order; a partial one is written anew). */
    synchronized void adoptExisting() throws IOException {
        while (held < SLICES && Files.isRegularFile(slice(held)) && Files.size(slice(held)) == SLICE_BYTES) {
            held++;
        }
        for (int index = held; index < SLICES; index++) {
            Files.deleteIfExists(slice(index));
        }
    }

    /** What the reserve in {@code dataDir} holds now (0 if none): room that is kb's to give. */
    public static long heldBytes(Path dataDir) throws IOException {
        Path folder = dataDir.resolve("reserve");
        long bytes = 0;
        for (int index = 0; index < SLICES; index++) {
            Path slice = folder.resolve("slice-" + index);
            bytes += Files.isRegularFile(slice) ? Files.size(slice) : 0;
        }
        return bytes;
    }

    /** How many slices are held now. */
    synchronized int held() {
        return held;
    }

    /** Gives a slice back when the disk is full; writes the missing ones back when there is room again. */
    synchronized void check() {
        long free = freeBytes.getAsLong();
        if (free < FLOOR_BYTES && held > 0) {
            release();
        } else {
            while (held < SLICES && free >= keepFreeBytes + 2 * SLICE_BYTES && write(held)) {
                held++;
                free = freeBytes.getAsLong();
            }
        }
    }

    private void release() {
        held--;
        try {
            Files.deleteIfExists(slice(held));
            LOG.warn(
                    "the data folder's file system is full: gave back {} MB of kb's reserve to the broker and"
                            + " Elasticsearch ({} MB still held)",
                    SLICE_MB,
                    held * SLICE_MB);
        } catch (IOException e) {
            LOG.error("cannot give back the reserve {}: {}", slice(held), e.toString());
        }
    }

    private boolean write(int index) {
        Path slice = slice(index);
        byte[] block = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(slice)) {
            for (int mb = 0; mb < SLICE_MB; mb++) {
                out.write(block);
            }
            return true;
        } catch (IOException e) {
            LOG.debug("cannot write the reserve {}: {}", slice, e.toString());
            try {
                Files.deleteIfExists(slice);
            } catch (IOException ignored) {
                // nothing written is held
            }
            return false;
        }
    }

    private Path slice(int index) {
        return folder.resolve("slice-" + index);
    }

    /** The usable space of the file system that holds {@code path}, looked up once and read at each call. */
    static LongSupplier freeSpace(Path path) {
        try {
            FileStore store = Files.getFileStore(path);
            return () -> usable(store);
        } catch (IOException e) {
            return () -> Long.MAX_VALUE;
        }
    }

    private static long usable(FileStore store) {
        try {
            return store.getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE; // unreadable: keep what is held
        }
    }

    /** Stops watching; the slices stay (the next start finds them held). */
    @Override
    public void close() {
        if (checker != null) {
            checker.shutdownNow();
        }
    }
}
