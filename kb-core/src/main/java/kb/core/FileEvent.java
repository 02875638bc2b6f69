package kb.core;

import java.util.Objects;

/**
 * One observed version of a file in the knowledge base, published on {@code kb.file-events} keyed by
 * {@link #path()}. A deleted file is a tombstone (null value), never a FileEvent; {@link Op#DELETE}
 * exists for in-process hand-offs that must carry the path and time of the deletion.
 *
 * @param schemaVersion version of this record's shape, for consumers that must branch on it
 * @param op            what happened to the file
 * @param path          path relative to the knowledge-base root, '/'-separated
 * @param category      first folder of the path, or null for files at the root
 * @param format        lower-case extension without the dot (md, txt, ...)
 * @param size          size in bytes
 * @param sha256        hex digest of the content bytes
 * @param modifiedTime  file modification time, epoch milliseconds
 * @param observedTime  when the watcher saw this version, epoch milliseconds (freshness starts here)
 * @param content       UTF-8 content inline; null for a delete
 */
public record FileEvent(
        int schemaVersion,
        Op op,
        String path,
        String category,
        String format,
        long size,
        String sha256,
        long modifiedTime,
        long observedTime,
        String content) {

    public static final int SCHEMA_VERSION = 1;

    public enum Op { UPSERT, DELETE }

    public FileEvent {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(path, "path");
    }
}
