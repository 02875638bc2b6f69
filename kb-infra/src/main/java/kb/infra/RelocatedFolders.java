package kb.infra;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Elasticsearch folders kept outside their data folder ({@link ElasticsearchFolders}: {@code
 * /var/lib/kb-pipeline/es-<hash>}), which deleting the data folder does not remove. Each names its data folder's
 * {@code elasticsearch} folder in {@value #OWNER}, so one whose data folder is gone can be found:
 *
 * <ul>
 *   <li>one that belonged to a folder in the system's temporary folder (a test's, {@code kb bench}'s, a {@code kb
 *       eval} without {@code --work}) is removed by the next start that relocates, since such a folder is gone
 *       for good once deleted;
 *   <li>any other is only reported: its data folder may be on a disk that is not mounted now, and rebuilding an
 *       index is the user's call.
 * </ul>
 *
 * A folder whose Elasticsearch still holds its node lock is never removed.
 */
public final class RelocatedFolders {

    private static final Logger LOG = LoggerFactory.getLogger(RelocatedFolders.class);
    static final String OWNER = "OWNER";
    private static final String NODE_LOCK = "data/node.lock";

    private RelocatedFolders() {}

    /** Writes which requested folder a relocated one serves. */
    static void recordOwner(Path relocated, Path requested) throws IOException {
        Files.writeString(relocated.resolve(OWNER), requested + "\n", StandardCharsets.UTF_8);
    }

    /**
     * Removes the folders in {@code parent} (but {@code keep}) that served a requested folder under {@code
     * temporary} which no longer exists and that no Elasticsearch uses; reports the other orphans.
     *
     * @return the folders removed
     */
    static List<Path> removeOrphans(Path parent, Path keep, Path temporary) throws IOException {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(parent)) {
            return removed;
        }
        try (Stream<Path> children = Files.list(parent)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                try {
                    if (!child.equals(keep) && removeIfOrphan(parent, child, temporary)) {
                        removed.add(child);
                    }
                } catch (IOException | RuntimeException e) {
                    // A tidy-up: whatever one folder holds, the start goes on.
                    LOG.warn("could not look at {} ({}); left as it is", child, e.toString());
                }
            }
        }
        return removed;
    }

    private static boolean removeIfOrphan(Path parent, Path child, Path temporary) throws IOException {
        Optional<Path> owner = owner(child);
        if (owner.isEmpty() || Files.exists(owner.get()) || inUse(child)) {
            return false;
        }
        if (!owner.get().startsWith(temporary)) {
            LOG.warn(
                    "{} holds the Elasticsearch files of {}, which is gone (moved, deleted, or on a disk not mounted"
                            + " now); remove it by hand if that data folder is not coming back",
                    child,
                    owner.get());
            return false;
        }
        if (!remove(parent, child)) {
            return false;
        }
        LOG.info("removed {}, the Elasticsearch files of {}, which is gone", child, owner.get());
        return true;
    }

    /**
     * Deletes a folder holding a data folder, with the data folder's Elasticsearch files wherever they were
     * relocated; for the temporary folders a command makes and no longer needs.
     *
     * @param folder  the folder to delete
     * @param dataDir the data folder inside it
     */
    public static void deleteWithElasticsearch(Path folder, Path dataDir) throws IOException {
        Path requested = dataDir.toAbsolutePath().normalize().resolve("elasticsearch");
        Path location = requested.resolve(ElasticsearchFolders.LOCATION);
        if (Files.isRegularFile(location)) {
            Path relocated =
                    Path.of(Files.readString(location, StandardCharsets.UTF_8).strip());
            if (relocated.startsWith(ElasticsearchFolders.SYSTEM_STATE)
                    && owner(relocated).filter(requested::equals).isPresent()) {
                DistributionCache.deleteTree(relocated);
            }
        }
        DistributionCache.deleteTree(folder);
    }

    private static Optional<Path> owner(Path folder) throws IOException {
        Path file = folder.resolve(OWNER);
        if (!Files.isRegularFile(file)) {
            return Optional.empty(); // not ours, or made before owners were recorded: nothing says whose it is
        }
        return Optional.of(
                Path.of(Files.readString(file, StandardCharsets.UTF_8).strip()));
    }

    /** Elasticsearch holds {@code node.lock} while it runs (a process-wide OS lock, so this sees other processes). */
    private static boolean inUse(Path folder) throws IOException {
        Path lockFile = folder.resolve(NODE_LOCK);
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true;
        }
    }

    /** Moves the folder aside first, so two starts removing the same orphan do not both walk it. */
    private static boolean remove(Path parent, Path folder) throws IOException {
        Path aside = parent.resolve(".removing-" + UUID.randomUUID());
        try {
            Files.move(folder, aside);
        } catch (NoSuchFileException e) {
            return false;
        }
        DistributionCache.deleteTree(aside);
        return true;
    }
}
