package kb.chunker;

import kb.core.DocumentChunks;

/** What the topology made of one file-event record. */
public sealed interface Outcome {

    /** A file version, chunked: goes to kb.chunks and kb.documents. */
    record Indexed(DocumentChunks document) implements Outcome {
    }

    /** A tombstone: the document's chunks and card are withdrawn. */
    record Deleted(String docId) implements Outcome {
    }

    /** Poison: the original bytes and why, for the dead-letter topic. */
    record Failed(byte[] original, String errorClass, String message) implements Outcome {
    }
}
