package kb.core;

/**
 * One retrievable piece of a document.
 *
 * @param chunkId       content-addressed id (document id + enriched text), so an unchanged chunk keeps its id
 * @param ordinal       position in the document, from 0
 * @param sectionHeader heading path such as {@code "A > B"}, or null when the chunk has none
 * @param text          raw text, what people see
 * @param enrichedText  title (and section header) + text: what BM25 indexes and what is embedded
 * @param location      where the text is in the document: lines of a text file as it is on disk (frontmatter
 *                      counted), the page, slide, sheet rows or cell of an extracted document; null when unknown (a
 *                      JSON file pretty-printed, a chunk read before locations were). Not part of the id
 */
public record Chunk(
        String chunkId, int ordinal, String sectionHeader, String text, String enrichedText, Location location) {

    /** A chunk whose place in the file is not known. */
    public Chunk(String chunkId, int ordinal, String sectionHeader, String text, String enrichedText) {
        this(chunkId, ordinal, sectionHeader, text, enrichedText, null);
    }

    /** This chunk at this place: the id stays, so an edit above a chunk moves its lines without a new vector. */
    public Chunk at(Location where) {
        return new Chunk(chunkId, ordinal, sectionHeader, text, enrichedText, where);
    }
}
