package kb.ingest;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Watches the base folder and every accepted folder below it (the JDK's WatchService is per directory),
 * reporting changed relative paths. New folders are registered as they appear.
 */
final class TreeWatcher implements AutoCloseable {

    /** What the watcher saw: a path that changed, or an overflow that calls for a full rescan. */
    sealed interface Change {
        record PathChanged(String relativePath) implements Change {
        }

        record Overflow() implements Change {
        }
    }

    private final Path baseDir;
    private final PathFilter filter;
    private final WatchService service;
    private final Map<WatchKey, String> keys = new ConcurrentHashMap<>();

    TreeWatcher(Path baseDir, PathFilter filter) throws IOException {
        this.baseDir = baseDir;
        this.filter = filter;
        this.service = baseDir.getFileSystem().newWatchService();
    }

    /** Registers a folder and the accepted folders below it; returns the relative paths of their files. */
    List<String> registerTree(String relativeDir) throws IOException {
        List<String> files = new ArrayList<>();
        Path start = relativeDir.isEmpty() ? baseDir : baseDir.resolve(relativeDir);
        if (!Files.isDirectory(start)) {
            return files;
        }
        try (Stream<Path> paths = Files.walk(start)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                String rel = Relative.of(baseDir, path);
                if (Files.isDirectory(path)) {
                    if (filter.acceptsDirectory(rel)) {
                        keys.put(path.register(service, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE), rel);
                    }
                } else if (!rel.isEmpty()) {
                    files.add(rel);
                }
            }
        }
        return files;
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
        String dir = keys.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == OVERFLOW) {
                changes.add(new Change.Overflow());
            } else if (dir != null) {
                String name = event.context().toString();
                changes.add(new Change.PathChanged(dir.isEmpty() ? name : dir + "/" + name));
            }
        }
        if (!key.reset()) {
            keys.remove(key);
        }
    }

    @Override
    public void close() throws IOException {
        service.close();
    }
}
