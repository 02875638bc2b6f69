package kb.core;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the lines of a PDF's pages are, kept by the producer at extraction (PDFBox's text positions, or Tesseract's
 * boxes for a page read by OCR) so the API can draw a passage's lines over the rendered page and check a quote
 * against the page's own text. Written beside the index, one file per PDF ({@link #fileOf}), for the file's version
 * it names by size and modification time: a layout of another version is never used.
 *
 * @param size     the PDF's size in bytes when it was read
 * @param modified its modification time (epoch milliseconds) when it was read
 * @param pages    the pages read, in order
 */
public record PageLayout(long size, long modified, List<Page> pages) {

    public PageLayout {
        pages = List.copyOf(pages);
    }

    /**
     * @param number the page, from 1
     * @param width  the page's width in PDF units (1/72 inch), as rendered (its crop box)
     * @param height its height
     * @param ocr    whether the page's text was read by OCR (it has no text layer)
     * @param lines  the page's lines in reading order
     */
    public record Page(int number, float width, float height, boolean ocr, List<Line> lines) {

        public Page {
            lines = List.copyOf(lines);
        }
    }

    /**
     * One line of text and its box, in page units from the page's top left corner. Written as an array
     * ({@code [x, y, width, height, text]}): a long PDF has tens of thousands of lines.
     */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"x", "y", "width", "height", "text"})
    public record Line(float x, float y, float width, float height, String text) {}

    /** The page of this number, if it was read. */
    public Optional<Page> page(int number) {
        return pages.stream().filter(p -> p.number() == number).findFirst();
    }

    /** Where the layout of the PDF at this real path is kept: named by a hash of the path, so any path fits. */
    public static Path fileOf(Path folder, Path realFile) {
        return folder.resolve(Ids.sha256Hex(realFile.toString()) + ".json");
    }
}
