package kb.core;

import java.util.List;

/**
 * The text of a document that is not plain text (PDF, Office, HTML, EPUB, RTF, notebook), extracted by the
 * producer where the file is, with the structure the chunker splits by: headings, and the page, slide, sheet row or
 * notebook cell each block of text is on.
 *
 * @param title    the document's own title (its metadata, a notebook's first heading), or null
 * @param keywords the document's metadata keywords, never null
 * @param blocks   the text in document order
 * @param reader   the {@link #READER_VERSION} of the extraction that made this text; 0 in events published before
 *                 it was recorded
 */
public record ExtractedText(String title, List<String> keywords, List<Block> blocks, int reader) {

    /**
     * The version of how documents are read. Raise it when a change to extraction would give an unchanged file
     * different text (words, blocks, locations): the producer then publishes every document read by an older
     * version again, so an upgraded index holds the new reading without a rebuild by hand, as {@link
     * FileEvent#SCHEMA_VERSION} does for notes. The chunker's reading of the blocks counts too, since the chunks are
     * made again only from a published file. 1: PDF text as the page reads (lines joined, words dehyphenated,
     * ligatures folded, running headers dropped, pages ended by form feeds); documents without pages cited by their
     * paragraphs and heading path. 2: a metadata title that names no document (a converter's file name, an editor's
     * placeholder, a template's title) gives way to the first heading or the file name. 3: PDF pages' line boxes kept
     * ({@link PageLayout}), pages without a text layer read by OCR where Tesseract is installed. 4: a PDF's chunk
     * ends where its sentence does, a word hyphenated across two blocks joined back (the chunker's reading).
     */
    public static final int READER_VERSION = 4;

    public ExtractedText {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
        blocks = List.copyOf(blocks);
    }

    /** Text read now, by this {@link #READER_VERSION}. */
    public ExtractedText(String title, List<String> keywords, List<Block> blocks) {
        this(title, keywords, blocks, READER_VERSION);
    }

    /** Whether an older version of extraction read this text, so the file must be read again. */
    public boolean readByOlderReader() {
        return reader < READER_VERSION;
    }

    /**
     * A paragraph, heading, table row or cell of the document.
     *
     * @param unit   what {@code number} counts: page, slide, row (of the sheet {@code part}) or cell; null for a
     *               document without such parts (a DOCX, an HTML page)
     * @param number the page (slide, row, cell) the block is on, from 1; 0 when {@code unit} is null
     * @param part   the sheet of a spreadsheet's row, else null
     * @param level  1-6 for a heading, 0 for body text
     */
    public record Block(Location.Unit unit, int number, String part, int level, String text) {}

    /** Characters of text in all blocks: what the content cap bounds. */
    public long chars() {
        return blocks.stream().mapToLong(b -> b.text().length()).sum();
    }
}
