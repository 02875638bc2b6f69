package kb.ingest.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Which folder is at the watched path. A watch follows a folder, not its path: after {@code mv kb kb.old; mkdir kb} the
 * watches still see kb.old and nothing of the new kb, and a remount leaves them on a folder that is gone. So the
 * folder's identity (its file key, device and inode on Linux) is compared with the one watched; a different one means
 * the folder was replaced (moved away and created again, deleted and created again, remounted) and the producer must
 * follow what is at the path now.
 *
 * <p>Not thread-safe: the watcher thread alone asks.
 */
public final class WatchedRoot {

    /** What a look at the path found, compared with the look before. */
    public enum Seen {
        /** The same folder as before, or still none. */
        UNCHANGED,
        /** No folder at the path any more (moved away, deleted, unmounted). */
        GONE,
        /** A folder other than the one watched, or a folder again after none. */
        REPLACED
    }

    private final Path path;
    private Object identity;

    public WatchedRoot(Path path) {
        this.path = path;
        this.identity = identityOf(path);
    }

    public Path path() {
        return path;
    }

    public boolean missing() {
        return identity == null;
    }

    /** Treats the folder as not seen, so the next look that finds one reports it as {@link Seen#REPLACED}. */
    public void forget() {
        identity = null;
    }

    public Seen look() {
        Object now = identityOf(path);
        Object before = identity;
        identity = now;
        if (now == null) {
            return before == null ? Seen.UNCHANGED : Seen.GONE;
        }
        return now.equals(before) ? Seen.UNCHANGED : Seen.REPLACED;
    }

    /** The folder's file key (its creation time where the file system has none), or null when no folder is there. */
    private static Object identityOf(Path path) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            if (!attributes.isDirectory()) {
                return null;
            }
            return attributes.fileKey() != null ? attributes.fileKey() : attributes.creationTime();
        } catch (IOException e) {
            return null;
        }
    }
}
