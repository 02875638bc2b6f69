package kb.chunker;

import java.util.Map;
import kb.core.Chunk;
import kb.core.Ids;

/**
 * How a chunk is made from its text, title and header, the same for a file the chunker reads
 * ({@link DocumentAssembler}) and one the producer extracted ({@link ExtractedAssembler}): both depend on this
 * class, neither on the other for it.
 */
final class ChunkFactory {

    /**
     * Title and section header are repeated in every chunk's enriched text: a 500 KB heading over a long
     * section made a 420 MB record. Real ones are a line; longer ones are cut.
     */
    static final int MAX_LABEL_CHARS = 300;

    private ChunkFactory() {}

    static String label(String text) {
        if (text == null || text.length() <= MAX_LABEL_CHARS) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(MAX_LABEL_CHARS - 1)) ? MAX_LABEL_CHARS - 1 : MAX_LABEL_CHARS;
        return text.substring(0, end) + "\u2026";
    }

    /** A chunk whose id is unique in its document: {@code seen} counts the enriched texts met so far. */
    static Chunk chunk(String docId, String title, String header, String text, int ordinal, Map<String, Integer> seen) {
        String enriched = Enrichment.enrich(title, header, text);
        int occurrence = seen.merge(enriched, 1, Integer::sum) - 1;
        return new Chunk(Ids.chunkId(docId, enriched, occurrence), ordinal, header, text, enriched);
    }
}
