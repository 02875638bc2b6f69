package kb.ingest;

import kb.core.FileEvent;

/** What reading one file produced: an event to publish, or a reason it cannot be ingested. */
public sealed interface FileReadResult {

    record Read(FileEvent event) implements FileReadResult {}

    /**
     * @param reason      low-cardinality reason (oversize, binary, invalid_utf8, not_regular, unreadable; for extracted
     *                    documents encrypted, no_text_layer, timeout, too_large, unparseable), a metric tag
     * @param fingerprint what identifies this bad version (content hash, or size and time, or file type), so
     *                    an unchanged bad file is reported once, not on every rescan and restart
     */
    record Rejected(String path, String reason, String errorClass, String message, String fingerprint)
            implements FileReadResult {}

    /** A document whose version the index has (or was reported as bad): not extracted again. */
    record Unchanged(String path, String sha256) implements FileReadResult {}

    /** The file vanished between the event and the read: the delete event that follows will handle it. */
    record Gone(String path) implements FileReadResult {}
}
