package kb.core;

/**
 * One retrievable piece of a document.
 *
 * @param chunkId       content-addressed id (document id + enriched text), so an unchanged chunk keeps its id
 * @param ordinal       position in the document, from 0
 * @param sectionHeader heading path such as {@code "A > B"}, or null when the chunk has none
 * @param text          raw text, what people see
 * @param enrichedText  title (and section header) + text: what BM25 indexes and what is embedded
 * @param startLine     first line of the text in the file as it is on disk (1-based, frontmatter counted), or null
 *                      when the text is not the file's own (a JSON file pretty-printed) or was read before lines were
 * @param endLine       last line likewise, or null
 */
public record Chunk(
        String chunkId,
        int ordinal,
        String sectionHeader,
        String text,
        String enrichedText,
        Integer startLine,
        Integer endLine) {

    /** A chunk whose place in the file is not known. */
    public Chunk(String chunkId, int ordinal, String sectionHeader, String text, String enrichedText) {
        this(chunkId, ordinal, sectionHeader, text, enrichedText, null, null);
    }

    /** This chunk at these lines: the id stays, so an edit above a chunk moves its lines without a new vector. */
    public Chunk at(Integer start, Integer end) {
        return new Chunk(chunkId, ordinal, sectionHeader, text, enrichedText, start, end);
    }
}
