package kb.ingest;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import kb.ingest.watch.BaseFolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the base folder and every accepted folder below it (the JDK's WatchService is per directory),
 * reporting changed relative paths. New folders are registered as they appear.
 */
final class TreeWatcher implements AutoCloseable {

    /** What the watcher saw: a path that changed, or an overflow that calls for a full rescan. */
    sealed interface Change {
        record PathChanged(String relativePath) implements Change {}

        record Overflow() implements Change {}

        /** The base folder's own watch ended (the folder was deleted or unmounted): look at what is at its path. */
        record BaseLost() implements Change {}
    }

    private static final Logger LOG = LoggerFactory.getLogger(TreeWatcher.class);

    private final BaseFolder base;
    private final Path baseDir;
    private final Predicate<String> folders;
    private final WatchService service;
    /** A folder reached by two paths (a symlinked folder inside the base) is one key with both names. */
    private final Map<WatchKey, Set<String>> keys = new ConcurrentHashMap<>();

    /** Told the escaped relative path of every file whose name is not valid UTF-8, found by a scan or a change. */
    private final Consumer<String> undecodableNames;

    /** Told the relative path of every symlinked folder entered: its target may move away later (see LinkTargets). */
    private final Consumer<String> linkedFolders;

    /** @param folders which folders (relative paths) are entered and watched */
    TreeWatcher(
            BaseFolder base,
            Predicate<String> folders,
            Consumer<String> undecodableNames,
            Consumer<String> linkedFolders)
            throws IOException {
        this.undecodableNames = undecodableNames;
        this.linkedFolders = linkedFolders;
        this.base = base;
        this.baseDir = base.path();
        this.folders = folders;
        this.service = baseDir.getFileSystem().newWatchService();
    }

    /**
     * Registers a folder and the accepted folders below it; returns the relative paths of their entries
     * (files, and whatever else is not a folder: the reader decides). Symlinked folders are followed, as in
     * the watcher, only when their real path stays inside the base; hidden and excluded folders are not
     * entered at all; a loop or an unreadable entry is skipped with a warning instead of ending the scan.
     */
    List<String> registerTree(String relativeDir) throws IOException {
        List<String> files = new ArrayList<>();
        Path start = relativeDir.isEmpty() ? baseDir : baseDir.resolve(relativeDir);
        if (!Files.isDirectory(start)) {
            return files;
        }
        Files.walkFileTree(
                start, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes)
                            throws IOException {
                        String rel = Relative.of(baseDir, dir);
                        if (!folders.test(rel)) {
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        if (!base.contains(dir)) {
                            LOG.info("not following {}: it leads out of the knowledge base", rel);
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        if (loops(dir)) {
                            LOG.info("not following {}: it links back to a folder above it, indexed already", rel);
                            return FileVisitResult.SKIP_SUBTREE;
                        }
                        keys.computeIfAbsent(
                                        dir.register(service, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE),
                                        k -> ConcurrentHashMap.newKeySet())
                                .add(rel);
                        if (Files.isSymbolicLink(dir)) {
                            linkedFolders.accept(rel);
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                        Relative.undecodable(baseDir, file)
                                .ifPresentOrElse(undecodableNames, () -> files.add(Relative.of(baseDir, file)));
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e) {
                        LOG.warn("skipping {}: {}", Relative.of(baseDir, file), e.toString());
                        return FileVisitResult.CONTINUE;
                    }
                });
        return files;
    }

    /**
     * Whether a folder below the base is the folder it is in, or one above it ({@code looplink -> .}): followed, it
     * would index its tree again under a longer name at every level. The walk's own loop check cannot see it when the
     * walk starts at the link (a link created while watching).
     */
    private boolean loops(Path dir) throws IOException {
        Path parent = dir.getParent();
        if (dir.equals(baseDir) || parent == null) {
            return false;
        }
        return parent.toRealPath().startsWith(dir.toRealPath());
    }

    /** Blocks up to the timeout for changes; returns what arrived (possibly nothing). */
    List<Change> poll(long timeoutMillis) throws InterruptedException {
        List<Change> changes = new ArrayList<>();
        WatchKey key;
        try {
            key = service.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ClosedWatchServiceException e) {
            return changes;
        }
        while (key != null) {
            drain(key, changes);
            key = service.poll();
        }
        return changes;
    }

    private void drain(WatchKey key, List<Change> changes) {
        Set<String> dirs = keys.getOrDefault(key, Set.of());
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == OVERFLOW) {
                changes.add(new Change.Overflow());
                continue;
            }
            Path context = (Path) event.context();
            String name = context.toString();
            for (String dir : dirs) {
                Path changed = dir.isEmpty()
                        ? baseDir.resolve(context)
                        : baseDir.resolve(dir).resolve(context);
                var undecodable = Relative.undecodable(baseDir, changed);
                if (undecodable.isPresent()) {
                    if (event.kind() != ENTRY_DELETE) {
                        undecodableNames.accept(undecodable.get());
                    }
                } else {
                    changes.add(new Change.PathChanged(dir.isEmpty() ? name : dir + "/" + name));
                }
            }
        }
        if (!key.reset()) {
            keys.remove(key);
            if (dirs.contains("")) {
                changes.add(new Change.BaseLost());
            }
        }
    }

    @Override
    public void close() throws IOException {
        service.close();
    }
}
