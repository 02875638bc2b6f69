package kb.testkit;

import java.util.List;
import kb.core.Location;
import kb.search.es.ChunkDoc;

/** Chunks as the index returns them, for tests that rank, cite or sample them without an index. */
public final class Chunks {

    private Chunks() {}

    /**
     * A markdown chunk {@code docId#ordinal} of the document {@code docId.md} in collection {@code kb}, its text
     * also its enriched text; no vectors, tags or location.
     */
    public static ChunkDoc chunk(
            String docId, int ordinal, String title, String section, String text, List<String> keywords) {
        return chunk(docId, ordinal, title, section, text, keywords, "md", null);
    }

    /** The same with the document's format and the chunk's place in it. */
    public static ChunkDoc chunk(
            String docId,
            int ordinal,
            String title,
            String section,
            String text,
            List<String> keywords,
            String format,
            Location location) {
        return new ChunkDoc(
                docId + "#" + ordinal,
                docId,
                "kb",
                docId + ".md",
                title,
                null,
                format,
                section,
                text,
                text,
                keywords,
                null,
                null,
                null,
                1,
                null,
                null,
                ordinal,
                0,
                0,
                null,
                null,
                null,
                null,
                location);
    }
}
