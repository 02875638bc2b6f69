package kb.chunker;

import java.util.Optional;
import kb.core.DocumentChunks;

/** What the topology made of one file-event record. */
public sealed interface Outcome {

    /**
     * A file version, chunked and fitted to the record limits: goes to kb.chunks and kb.documents; when it
     * had to be cut, the {@code truncation} also goes to kb.dlq as a notice, and so does a frontmatter that was
     * too large to read ({@code frontmatterTooLarge}).
     */
    record Indexed(
            DocumentChunks document, Optional<RecordBudget.Truncation> truncation, Optional<String> frontmatterTooLarge)
            implements Outcome {}

    /** A tombstone: the document's chunks and card are withdrawn. */
    record Deleted(String docId) implements Outcome {}

    /** Poison: the original bytes and why, for the dead-letter topic. */
    record Failed(byte[] original, String errorClass, String message) implements Outcome {}
}
