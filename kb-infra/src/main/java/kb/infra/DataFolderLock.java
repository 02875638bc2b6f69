package kb.infra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One {@code kb} per data folder: an exclusive lock on {@code DATADIR/kb.lock}, taken before anything in the folder
 * starts, held until {@link #close()} or the end of the process (the OS releases it, {@code kill -9} included, so a
 * stale lock file never blocks a start). Two brokers over one KRaft metadata log corrupt it, and two Elasticsearch
 * nodes or Streams instances over one folder fight for it; the lock refuses the second {@code kb} instead. The file
 * says who holds it ({@code pid N URL}), for the refusal's message.
 */
public final class DataFolderLock implements AutoCloseable {

    static final String FILE = "kb.lock";

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock;

    private DataFolderLock(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock, creating the folder if needed.
     *
     * @throws StartRefused when another process (or another start in this one) holds it, or the folder cannot
     *                      hold a lock file (not writable, a file)
     */
    public static DataFolderLock acquire(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        FileChannel channel = null;
        try {
            Files.createDirectories(absolute);
            channel = FileChannel.open(
                    absolute.resolve(FILE),
                    StandardOpenOption.CREATE,
                    StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                throw new StartRefused(absolute + " is in use by kb (" + holder(channel) + ")");
            }
            DataFolderLock taken = new DataFolderLock(absolute, channel, lock);
            taken.advertise("starting");
            return taken;
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StartRefused("the data folder " + absolute + " is not writable: " + e, e);
        } catch (StartRefused e) {
            closeQuietly(channel);
            throw e;
        }
    }

    /** A lock held by this JVM on the same file is refused like another process's (the OS would grant it). */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(512);
        channel.read(buffer, 0);
        String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
        return text.isEmpty() ? "a process starting" : text;
    }

    public Path folder() {
        return folder;
    }

    /** Records where this kb answers ({@code http://...}), read by a start refused on the same folder. */
    public void advertise(String where) throws IOException {
        byte[] text = ("pid " + ProcessHandle.current().pid() + ", " + where + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (channel) {
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(text), 0);
            channel.force(false);
        }
    }

    /** Releases the lock; the file stays (deleting it would let a third process lock a fresh file meanwhile). */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException e) {
            // the channel's close below releases it as well
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }
}
