package kb.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import kb.core.runtime.DiskSpace;
import kb.core.settings.CollectionFolder;
import kb.ingest.watch.BaseFolder;
import kb.ingest.watch.LinkTargets;
import kb.ingest.watch.WatchedRoot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folder's watch: which folder is at the watched path ({@link WatchedRoot}) and, for the folder watched, where it
 * really is, its links and its watcher. Those three describe one folder, so they are replaced together, as one value,
 * when another folder is at the path (moved away and created again, remounted).
 *
 * <p>Not thread-safe: the watcher thread alone uses it; {@link #close()} may come from another.
 */
final class FolderWatch implements AutoCloseable {

    /** What a look at the watched path found. */
    enum Followed {
        /** The folder watched is still there. */
        THERE,
        /** No folder at the path: nothing to read until one is there again. */
        MISSING,
        /** Another folder is at the path now and is watched instead: nothing known of the old one holds. */
        MOVED
    }

    private static final Logger LOG = LoggerFactory.getLogger(FolderWatch.class);
    /** How often the folder at the watched path is compared with the one watched; see {@link WatchedRoot}. */
    private static final long ROOT_CHECK_MILLIS = 1000;

    /** One folder's watch: its real place, its links and its watcher. */
    private record Watch(BaseFolder base, LinkTargets links, TreeWatcher watcher) {}

    private final Path baseDir;
    private final String collection;
    private final PathFilter filter;
    private final Consumer<String> undecodableNames;
    private final DiskSpace disk;
    private final Clock clock;
    private final WatchedRoot root;
    private volatile Watch current;
    private long rootCheckedAt;

    /**
     * Watches the collection's folder (it must exist).
     *
     * @param undecodableNames told the escaped path of each file whose name is not UTF-8
     * @param disk             told while no folder is at the path (the health's reason)
     */
    FolderWatch(
            CollectionFolder collection,
            PathFilter filter,
            Consumer<String> undecodableNames,
            DiskSpace disk,
            Clock clock)
            throws IOException {
        this.baseDir = collection.folder();
        this.collection = collection.name();
        this.filter = filter;
        this.undecodableNames = undecodableNames;
        this.disk = disk;
        this.clock = clock;
        this.root = new WatchedRoot(baseDir);
        this.current = watchFolderAtPath();
    }

    Path baseDir() {
        return baseDir;
    }

    /** Whether no folder was at the path at the last look. */
    boolean missing() {
        return root.missing();
    }

    /** Whether the folder at the path is due to be looked at again. */
    boolean rootDue() {
        return clock.millis() - rootCheckedAt >= ROOT_CHECK_MILLIS;
    }

    List<TreeWatcher.Change> poll(long timeoutMillis) throws InterruptedException {
        return current.watcher().poll(timeoutMillis);
    }

    /** Watches a folder and the accepted folders below it; its files' relative paths (see {@link TreeWatcher}). */
    List<String> registerTree(String relativeDir) throws IOException {
        return current.watcher().registerTree(relativeDir);
    }

    /** Records what the path points at now, if it is a link (see {@link LinkTargets#update}). */
    void followLink(String path) {
        current.links().update(path);
    }

    /** The links whose target is this path or lies below it. */
    Set<String> linksTo(String path) {
        return current.links().pointingAt(path);
    }

    /** Whether the path is an accepted file inside the folder, its links and the folders above it resolved. */
    boolean holds(String path) {
        return filter.acceptsFile(path) && current.base().containsRelative(path);
    }

    /** Symlinks (of the file or of any folder above it) that lead out of the knowledge base are not followed. */
    boolean follows(String path) {
        if (current.base().containsRelative(path)) {
            return true;
        }
        if (Files.exists(baseDir.resolve(path))) {
            LOG.info("not following {}: it leads out of the knowledge base", path);
        } else {
            LOG.info("not following {}: it is a link to nothing", path);
        }
        return false;
    }

    /**
     * Compares the folder at the watched path with the one watched. Gone: {@code /health} says so and the index keeps
     * what it has (an unmounted disk must not empty it), until a folder is there again. Replaced, or back: the watch
     * moves to the folder at the path, and the caller rescans to make the index what is there now.
     */
    Followed follow() throws IOException {
        rootCheckedAt = clock.millis();
        WatchedRoot.Seen seen = root.look();
        if (seen == WatchedRoot.Seen.GONE) {
            String problem = "watched folder missing: " + baseDir;
            LOG.warn(
                    "{} (moved, deleted or unmounted): collection '{}' stays as indexed until a folder is there again",
                    problem,
                    collection);
            disk.problem(problemSource(), problem);
            current.watcher().close();
        } else if (seen == WatchedRoot.Seen.REPLACED) {
            return moveToFolderAtPath();
        }
        return root.missing() ? Followed.MISSING : Followed.THERE;
    }

    private Followed moveToFolderAtPath() throws IOException {
        LOG.warn(
                "watched folder {} is another folder now (moved away and created again, or remounted): following"
                        + " the folder at the path, rescanning",
                baseDir);
        current.watcher().close();
        try {
            current = watchFolderAtPath();
            disk.problem(problemSource(), null);
            return Followed.MOVED;
        } catch (IOException e) {
            // Gone again before it could be watched: the next look finds it missing, or back.
            LOG.warn("cannot watch {} yet: {}", baseDir, e.toString());
            disk.problem(problemSource(), "watched folder missing: " + baseDir);
            root.forget();
            return Followed.MISSING;
        }
    }

    private Watch watchFolderAtPath() throws IOException {
        BaseFolder base = new BaseFolder(baseDir);
        LinkTargets links = new LinkTargets(baseDir);
        return new Watch(base, links, new TreeWatcher(base, filter::acceptsDirectory, undecodableNames, links::update));
    }

    private String problemSource() {
        return "watched folder " + baseDir;
    }

    @Override
    public void close() throws IOException {
        current.watcher().close();
    }
}
