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
import java.util.function.Predicate;

/**
 * Each file's size and modification time when it was last read, so the periodic reconciliation reads only the files
 * that differ: comparing a folder of 10,000 files costs their attributes, not their contents. Thread-safe.
 */
final class FolderStamps {

    /** A file's size and modification time, to the file system's resolution. */
    record Stamp(long size, FileTime modified) {}

    /**
     * What a file held when it was read at a stamp (taken just before the read): while the file still has that stamp
     * and the catalogue says that content is what the index has, reading it again would find nothing new.
     */
    record Confirmed(Stamp stamp, String sha256) {}

    private final Path baseDir;
    private final Map<String, Stamp> stamps = new ConcurrentHashMap<>();
    private final Map<String, Confirmed> confirmed = new ConcurrentHashMap<>();

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

    /**
     * Records the file as about to be read: taken before the read, a change during it shows as a difference.
     *
     * @return the stamp taken, to {@link #confirm} with what the read found
     */
    Optional<Stamp> reading(String path) {
        Optional<Stamp> now = look(path);
        now.ifPresentOrElse(stamp -> stamps.put(path, stamp), () -> stamps.remove(path));
        return now;
    }

    /** The read that followed {@code before} found content of this digest. */
    void confirm(String path, Optional<Stamp> before, String sha256) {
        before.ifPresent(stamp -> confirmed.put(path, new Confirmed(stamp, sha256)));
    }

    /**
     * Whether the file still has the stamp of a read whose content {@code current} says the index has: a scan may
     * skip reading it. Stamps from before a restart count ({@link #restore}).
     */
    boolean confirmedCurrent(String path, Predicate<String> current) {
        Confirmed read = confirmed.get(path);
        return read != null
                && current.test(read.sha256())
                && look(path).filter(read.stamp()::equals).isPresent();
    }

    /** The confirmed reads, to keep across a restart ({@link StampLedger}). */
    Map<String, Confirmed> confirmedReads() {
        return Map.copyOf(confirmed);
    }

    /** Confirmed reads kept from before a restart; what this run reads replaces them. */
    void restore(Map<String, Confirmed> kept) {
        kept.forEach(confirmed::putIfAbsent);
    }

    /** Whether the file looks as it did when it was last read. */
    boolean unchanged(String path) {
        Stamp seen = stamps.get(path);
        return seen != null && look(path).filter(seen::equals).isPresent();
    }

    /** Forgets the files no longer there. */
    void retainAll(Set<String> present) {
        stamps.keySet().retainAll(present);
        confirmed.keySet().retainAll(present);
    }

    /** Forgets every file: the folder at the path was replaced, nothing about the old one holds. */
    void clear() {
        stamps.clear();
        confirmed.clear();
    }
}
