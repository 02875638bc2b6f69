package kb.chunker.format;

/**
 * A piece of a document as its format sees it, before the size cap and enrichment.
 *
 * @param header section header (heading path, top-level key, definition name), or null
 * @param text   raw text of the section
 */
public record Section(String header, String text) {}
