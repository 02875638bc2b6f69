package kb.core;

/**
 * One retrievable piece of a document.
 *
 * @param chunkId       content-addressed id (document id + enriched text), so an unchanged chunk keeps its id
 * @param ordinal       position in the document, from 0
 * @param sectionHeader heading path such as {@code "A > B"}, or null when the chunk has none
 * @param text          raw text, what people see
 * @param enrichedText  title (and section header) + text: what BM25 indexes and what is embedded
 */
public record Chunk(String chunkId, int ordinal, String sectionHeader, String text, String enrichedText) {}
