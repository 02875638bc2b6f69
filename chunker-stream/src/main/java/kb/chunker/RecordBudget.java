package kb.chunker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import kb.core.Chunk;
import kb.core.DocumentChunks;
import kb.core.Json;

/**
 * Bounds a document's {@code kb.chunks} record by construction: at most {@code maxChunks} chunks and at most
 * {@code maxValueBytes} serialized. A record over the topic limit cannot be produced at all, and one that
 * cannot be produced stopped the chunker for good; so a document that does not fit is indexed up to what
 * fits (its first chunks, in document order) and the cut is reported, never silently.
 *
 * <p>When bytes are the problem (JSON escapes a control character into six bytes, and the content travels
 * three times: as content, as chunk text and as enriched text), the stored content is cut to a quarter of
 * the budget first, since it only serves previews and LLM context, and the chunks fill the rest.
 */
final class RecordBudget {

    /** One document version, fitted; {@code truncation} says what was left out, if anything. */
    record Fitted(DocumentChunks document, Optional<Truncation> truncation) {}

    /** What a cut kept of a document, for the dead-letter notice and the log. */
    record Truncation(
            String path,
            int chunksKept,
            int chunksTotal,
            int contentCharsKept,
            int contentCharsTotal,
            long recordBytes,
            int limitBytes,
            int maxChunks) {

        String message() {
            return "document indexed in part: " + chunksKept + " of " + chunksTotal + " chunks, " + contentCharsKept
                    + " of " + contentCharsTotal + " characters of content kept (the whole document would be a "
                    + recordBytes + "-byte record; the limits are " + limitBytes + " bytes and " + maxChunks
                    + " chunks per document)";
        }
    }

    private final int maxChunks;
    private final int maxValueBytes;

    RecordBudget(int maxChunks, int maxValueBytes) {
        this.maxChunks = maxChunks;
        this.maxValueBytes = maxValueBytes;
    }

    Fitted fit(DocumentChunks document) {
        List<Chunk> chunks = document.chunks();
        DocumentChunks capped = chunks.size() > maxChunks
                ? withParts(document, document.content(), chunks.subList(0, maxChunks))
                : document;
        long bytes = sizeOf(capped);
        if (capped == document && bytes <= maxValueBytes) {
            return new Fitted(document, Optional.empty());
        }
        DocumentChunks fitted = bytes <= maxValueBytes ? capped : cutToBytes(capped);
        long wholeBytes = capped == document ? bytes : sizeOf(document);
        return new Fitted(
                fitted,
                Optional.of(new Truncation(
                        document.card().path(),
                        fitted.chunks().size(),
                        chunks.size(),
                        fitted.content().length(),
                        document.content().length(),
                        wholeBytes,
                        maxValueBytes,
                        maxChunks)));
    }

    private DocumentChunks cutToBytes(DocumentChunks document) {
        String content = prefixWithin(document.content(), maxValueBytes / 4);
        long room = maxValueBytes - sizeOf(withParts(document, content, List.of()));
        int kept = 0;
        long used = 0;
        for (Chunk chunk : document.chunks()) {
            long size = sizeOf(chunk) + 1; // and the comma between chunks
            if (used + size > room) {
                break;
            }
            used += size;
            kept++;
        }
        return withParts(document, content, document.chunks().subList(0, kept));
    }

    /** The longest prefix (whole code points) whose JSON string fits the byte count, found by shrinking. */
    private static String prefixWithin(String text, long maxBytes) {
        long size = sizeOf(text);
        String prefix = text;
        while (size > maxBytes) {
            int length = (int) Math.min(prefix.length() - 1L, prefix.length() * (maxBytes * 0.95 / size));
            if (length > 0 && Character.isHighSurrogate(prefix.charAt(length - 1))) {
                length--;
            }
            prefix = prefix.substring(0, Math.max(0, length));
            size = sizeOf(prefix);
        }
        return prefix;
    }

    private static DocumentChunks withParts(DocumentChunks document, String content, List<Chunk> chunks) {
        return new DocumentChunks(document.card().withChunkCount(chunks.size()), content, chunks);
    }

    /** Serialized size as the topic's serde writes it, counted without building the bytes. */
    static long sizeOf(Object value) {
        ByteCounter counter = new ByteCounter();
        try {
            Json.MAPPER.writeValue(counter, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return counter.count;
    }

    private static final class ByteCounter extends OutputStream {
        private long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
