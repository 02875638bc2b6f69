package kb.infra;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Which unpacked copies of Elasticsearch are in use, across every process of the machine, so a kb removing the
 * copies it no longer needs never removes one that another kb (of another version) runs.
 *
 * <p>A process using a copy holds a shared lock on the copy's {@code .in-use} file for as long as it runs; the
 * operating system releases it when the process ends, {@code kill -9} included, so nothing is left to clean up.
 * Taking a lease and removing a copy both happen under the cache's exclusive lock ({@link #exclusively}), so a copy
 * is never taken while it is being removed.
 *
 * <p>Java's file locks belong to the whole JVM (a second lock on the same file from the same JVM throws), so the
 * leases this JVM holds are kept in one map for the JVM, and the cache's lock is taken by one thread at a time.
 * Thread-safe.
 */
final class CopyLeases {

    static final String LEASE_FILE = ".in-use";
    private static final String CACHE_LOCK_FILE = ".lock";
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();
    /** The copies this JVM uses, held until it exits. */
    private static final Map<Path, FileLock> HELD = new ConcurrentHashMap<>();

    private CopyLeases() {}

    /** Something done while holding the cache's lock. */
    @FunctionalInterface
    interface Locked<T> {
        T run() throws IOException;
    }

    /** Runs {@code work} while no other thread or process changes the cache in {@code parent}. */
    static <T> T exclusively(Path parent, Locked<T> work) throws IOException {
        IN_THIS_JVM.lock();
        try (FileChannel channel = open(parent.resolve(CACHE_LOCK_FILE));
                FileLock lock = channel.lock()) {
            return work.run();
        } finally {
            IN_THIS_JVM.unlock();
        }
    }

    /** Marks {@code copy} as used by this process until it exits; call it under {@link #exclusively}. */
    static void hold(Path copy) throws IOException {
        Path key = copy.toAbsolutePath().normalize();
        if (HELD.containsKey(key)) {
            return;
        }
        FileChannel channel = open(key.resolve(LEASE_FILE));
        HELD.put(key, channel.lock(0, Long.MAX_VALUE, true));
    }

    /** Whether a process, this one included, holds {@code copy}; call it under {@link #exclusively}. */
    static boolean inUse(Path copy) throws IOException {
        Path key = copy.toAbsolutePath().normalize();
        if (HELD.containsKey(key)) {
            return true;
        }
        try (FileChannel channel = open(key.resolve(LEASE_FILE));
                FileLock free = channel.tryLock()) {
            return free == null;
        } catch (OverlappingFileLockException e) {
            return true;
        }
    }

    /** Whether {@code copy} was made by a kb that takes leases (copies made before have no lease file). */
    static boolean leased(Path copy) {
        return Files.exists(copy.resolve(LEASE_FILE));
    }

    private static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }
}
