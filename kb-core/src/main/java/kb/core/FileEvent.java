package kb.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Objects;

/**
 * One observed version of a file in the knowledge base, published on {@code kb.file-events} keyed by
 * {@link #key()}. A deleted file is a tombstone (null value), never a FileEvent; {@link Op#DELETE}
 * exists for in-process hand-offs that must carry the path and time of the deletion.
 *
 * @param schemaVersion version of this record's shape, for consumers that must branch on it
 * @param op            what happened to the file
 * @param collection    the collection (named folder) the file belongs to; null in events of schema version 1,
 *                      published before collections existed
 * @param path          path relative to the collection's folder, '/'-separated
 * @param category      first folder of the path, or null for files at the root
 * @param format        lower-case extension without the dot (md, txt, ...)
 * @param size          size in bytes
 * @param sha256        hex digest of the content bytes
 * @param modifiedTime  file modification time, epoch milliseconds
 * @param observedTime  when the watcher saw this version, epoch milliseconds (freshness starts here)
 * @param content       UTF-8 content inline; null for a delete and for a document whose text is {@code extracted}
 * @param extracted     the text of a document that is not plain text (PDF, Office, ...), extracted by the producer
 *                      with its structure; null for a text file ({@code size} and {@code sha256} stay the file's)
 */
public record FileEvent(
        int schemaVersion,
        Op op,
        String collection,
        String path,
        String category,
        String format,
        long size,
        String sha256,
        long modifiedTime,
        long observedTime,
        String content,
        ExtractedText extracted) {

    /**
     * 2: with {@link #collection()}. 3: the same shape, read by a chunker that keeps a note's tags, aliases and
     * links: a producer republishes a file whose last event is older, so an upgraded index holds them for every note.
     * 4: with {@link #extracted()}.
     */
    public static final int SCHEMA_VERSION = 4;

    public enum Op {
        UPSERT,
        DELETE
    }

    public FileEvent {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(path, "path");
    }

    /** The record's key on {@code kb.file-events}: {@link Ids#fileKey}, or the bare path for a version-1 event. */
    @JsonIgnore
    public String key() {
        return collection == null ? path : Ids.fileKey(collection, path);
    }

    /** The document this file makes. */
    @JsonIgnore
    public String docId() {
        return Ids.docIdOfKey(key());
    }
}
