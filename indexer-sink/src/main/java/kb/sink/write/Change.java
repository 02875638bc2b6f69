package kb.sink.write;

import kb.core.DocumentChunks;

/**
 * The latest record of one document in a batch.
 *
 * @param generation the producer's stamp (else the offset on kb.chunks): higher is newer for the same document
 * @param document   the new version, or null for a delete
 * @param timestamp  record timestamp (when the file change was published), for freshness
 */
public record Change(String docId, long generation, DocumentChunks document, long timestamp, byte[] originalValue) {

    public boolean isDelete() {
        return document == null;
    }
}
