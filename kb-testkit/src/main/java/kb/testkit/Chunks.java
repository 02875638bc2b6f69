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
        return chunk(docId, ordinal, text, new Shape(title, section, keywords, "md", null, null));
    }

    /** A markdown chunk whose text and analysed text (as the index's analyser writes it) are {@code terms}. */
    public static ChunkDoc analysed(String docId, int ordinal, String title, String terms) {
        return chunk(docId, ordinal, terms, new Shape(title, null, List.of(), "md", null, terms));
    }

    /** A chunk of the document's format at a place in it (titled by its doc id), for citation tests. */
    public static ChunkDoc located(String docId, int ordinal, String text, String format, Location location) {
        return chunk(docId, ordinal, text, new Shape(docId, null, List.of(), format, location, null));
    }

    /** What a test may choose of a chunk besides its identity and text. */
    private record Shape(
            String title,
            String section,
            List<String> keywords,
            String format,
            Location location,
            String lexicalText) {}

    private static ChunkDoc chunk(String docId, int ordinal, String text, Shape shape) {
        return new ChunkDoc(
                docId + "#" + ordinal,
                docId,
                "kb",
                docId + ".md",
                shape.title(),
                null,
                shape.format(),
                shape.section(),
                text,
                text,
                shape.keywords(),
                shape.lexicalText(),
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
                shape.location());
    }
}
