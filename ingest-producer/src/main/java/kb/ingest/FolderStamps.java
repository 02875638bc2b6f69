package kb.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each file's size and modification time when it was last read, so the periodic reconciliation reads only the files
 * that differ: comparing a folder of 10,000 files costs their attributes, not their contents. Thread-safe.
 */
final class FolderStamps {

    /** A file's size and modification time, to the file system's resolution. */
    record Stamp(long size, FileTime modified) {}

    private final Path baseDir;
    private final Map<String, Stamp> stamps = new ConcurrentHashMap<>();

    FolderStamps(Path baseDir) {
        this.baseDir = baseDir;
    }

    /** The file's stamp now; empty when it cannot be read (gone, or unreadable: reading it says which). */
    Optional<Stamp> look(String path) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(baseDir.resolve(path), BasicFileAttributes.class);
            return Optional.of(new Stamp(attributes.size(), attributes.lastModifiedTime()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Records the file as about to be read: taken before the read, a change during it shows as a difference. */
    void reading(String path) {
        look(path).ifPresentOrElse(stamp -> stamps.put(path, stamp), () -> stamps.remove(path));
    }

    /** Whether the file looks as it did when it was last read. */
    boolean unchanged(String path) {
        Stamp seen = stamps.get(path);
        return seen != null && look(path).filter(seen::equals).isPresent();
    }

    /** Forgets the files no longer there. */
    void retainAll(Set<String> present) {
        stamps.keySet().retainAll(present);
    }

    /** Forgets every file: the folder at the path was replaced, nothing about the old one holds. */
    void clear() {
        stamps.clear();
    }
}
