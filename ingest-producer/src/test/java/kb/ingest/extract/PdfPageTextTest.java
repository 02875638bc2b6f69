package kb.ingest.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import kb.core.ExtractedText.Block;
import kb.core.Location;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A two-column PDF built with PDFBox, read through the extractor's parser as a person reads its pages. */
class PdfPageTextTest {

    private static final String HEADER = "Journal of Column Studies, Volume 7";
    private static final List<String> LEFT = List.of(
            "Alpha opens the left column and the",
            "text continues with the extrac-",
            "tion of words from the page,",
            "ending the left column with bravo.");
    private static final List<String> RIGHT =
            List.of("Charlie opens the right column with", "the \uFB01nal remarks on layout", "and delta closes it.");

    private static final List<String> OTHER = List.of("", "Echo", "Foxtrot", "", "Golf", "Hotel");

    @TempDir
    Path dir;

    @Test
    void shouldReadTwoColumnsInOrderWithoutHeadersWhenAPdfHasRunningLines() throws Exception {
        Path pdf = twoColumnPdf(dir.resolve("columns.pdf"), 5);
        Extraction extraction = new DocumentParser(1 << 20, false).parse(pdf, "pdf");
        List<Block> blocks = assertInstanceOf(Extraction.Done.class, extraction, extraction.toString())
                .text()
                .blocks();
        String page3 = pageText(blocks, 3);

        int alpha = page3.indexOf("Alpha");
        int bravo = page3.indexOf("bravo");
        int charlie = page3.indexOf("Charlie");
        int delta = page3.indexOf("delta");
        assertTrue(alpha >= 0 && alpha < bravo && bravo < charlie && charlie < delta, page3);
        assertTrue(page3.contains("the extraction of words"), page3);
        assertTrue(page3.contains("the final remarks"), page3);
        assertFalse(page3.contains("Journal of Column Studies"), page3);
        assertFalse(page3.contains("Page 3 of 5"), page3);
        assertEquals(Location.Unit.PAGE, blocks.get(0).unit());
    }

    @Test
    void shouldKeepACompoundHyphenWhenTheDocumentUsesTheCompound() {
        Set<String> vocabulary = PdfPageText.vocabulary(List.of(block(1, "a two-column page"), block(2, "x")));
        assertEquals("a two-column layout", PdfPageText.joinLines("a two-\ncolumn layout", vocabulary));
        assertEquals("the extraction", PdfPageText.joinLines("the extrac-\ntion", vocabulary));
    }

    @Test
    void shouldKeepAPagesFirstLineWhenItDoesNotRecur() {
        List<Block> blocks = List.of(
                block(1, "Title\nbody one"),
                block(2, "Running\nbody two"),
                block(3, "Running\nbody three"),
                block(4, "Running\nbody four"));
        List<String> texts = PdfPageText.clean(blocks).stream().map(Block::text).toList();
        assertEquals(List.of("Title body one", "body two", "body three", "body four"), texts);
    }

    @Test
    void shouldKeepAPagesOnlyLineWhenEveryPageHoldsOneLineOfTheSameShape() {
        List<Block> blocks = List.of(
                block(1, "Manual 0, page 1: pump priming."),
                block(2, "Manual 0, page 2: pump priming."),
                block(3, "Manual 0, page 3: pump priming."),
                block(4, "Manual 0, page 4: pump priming."));
        List<String> texts = PdfPageText.clean(blocks).stream().map(Block::text).toList();
        assertEquals(
                List.of(
                        "Manual 0, page 1: pump priming.",
                        "Manual 0, page 2: pump priming.",
                        "Manual 0, page 3: pump priming.",
                        "Manual 0, page 4: pump priming."),
                texts);
    }

    private static Block block(int page, String text) {
        return new Block(Location.Unit.PAGE, page, null, 0, text);
    }

    private static String pageText(List<Block> blocks, int page) {
        return blocks.stream().filter(b -> b.number() == page).map(Block::text).collect(Collectors.joining(" "));
    }

    /** Pages with a running header and footer; page 3 has two columns, the left one written first as LaTeX does. */
    private static Path twoColumnPdf(Path file, int pages) throws IOException {
        try (PDDocument doc = new PDDocument();
                InputStream ttf = PDFont.class.getResourceAsStream(
                        "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf")) {
            PDFont font = PDType0Font.load(doc, ttf);
            for (int p = 1; p <= pages; p++) {
                PDPage page = new PDPage(PDRectangle.A4);
                doc.addPage(page);
                try (PDPageContentStream out = new PDPageContentStream(doc, page)) {
                    write(out, font, 50, 800, List.of(HEADER));
                    if (p == 3) {
                        write(out, font, 50, 700, LEFT);
                        write(out, font, 320, 700, RIGHT);
                    } else {
                        write(out, font, 50, 700, List.of(OTHER.get(p) + " fills another page."));
                    }
                    write(out, font, 250, 40, List.of("Page " + p + " of " + pages));
                }
            }
            doc.save(file.toFile());
        }
        return file;
    }

    private static void write(PDPageContentStream out, PDFont font, float x, float y, List<String> lines)
            throws IOException {
        out.beginText();
        out.setFont(font, 10);
        out.setLeading(13);
        out.newLineAtOffset(x, y);
        for (String line : lines) {
            out.showText(line);
            out.newLine();
        }
        out.endText();
    }
}
