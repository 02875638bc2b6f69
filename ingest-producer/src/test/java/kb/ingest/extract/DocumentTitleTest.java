package kb.ingest.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import kb.core.ExtractedText;
import kb.ingest.samples.SampleDocuments;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.util.Matrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Documents titled as a person names them, from PDFs and DOCX files the tests build with PDFBox and POI. */
class DocumentTitleTest {

    private static final List<String> BODY = List.of(
            "We study how columns of text are read by machines and people.",
            "The method reads each line in the order its author set it.",
            "Results hold across all the folders we measured.");

    @TempDir
    Path dir;

    private final DocumentParser parser = new DocumentParser(1 << 20, false);

    private ExtractedText text(Path file, String format) {
        Extraction extraction = parser.parse(file, format);
        return assertInstanceOf(Extraction.Done.class, extraction, extraction.toString())
                .text();
    }

    @Test
    void shouldTitleAPdfByItsLargestTypeWhenItsMetadataTitleIsItsSourceFile() throws Exception {
        Path pdf = paper(dir.resolve("x.pdf"), "paper.dvi", List.of("Reading Columns", "in the Right Order"));
        assertEquals("Reading Columns in the Right Order", text(pdf, "pdf").title());
    }

    @Test
    void shouldTitleAPdfByItsLargestTypeWhenItHasNoMetadataTitle() throws Exception {
        Path pdf = paper(dir.resolve("x.pdf"), null, List.of("Reading Columns"));
        assertEquals("Reading Columns", text(pdf, "pdf").title());
    }

    @Test
    void shouldKeepAPdfsMetadataTitleWhenItNamesTheDocument() throws Exception {
        Path pdf = paper(dir.resolve("x.pdf"), "Column Reading: A Study", List.of("Reading Columns"));
        assertEquals("Column Reading: A Study", text(pdf, "pdf").title());
    }

    @Test
    void shouldLeaveAPdfToItsFileNameWhenNoTypeStandsOutOnPageOne() throws Exception {
        Path pdf = SampleDocuments.pdf(dir.resolve("x.pdf"), "Microsoft Word - x.doc", List.of("Plain text.\nMore."));
        assertNull(text(pdf, "pdf").title());
    }

    @Test
    void shouldTitleADocxByItsFirstHeadingWhenItsMetadataTitleIsAPlaceholder() throws Exception {
        Path docx = SampleDocuments.docx(
                dir.resolve("a.docx"), "Microsoft Word - a.doc", "Pump Maintenance", "Check the seals.");
        assertEquals("Pump Maintenance", text(docx, "docx").title());
        Path untitled = SampleDocuments.docx(dir.resolve("b.docx"), "Untitled", "Valve Settings", "Open it halfway.");
        assertEquals("Valve Settings", text(untitled, "docx").title());
    }

    @Test
    void shouldLeaveADocxWithoutHeadingsToItsFileNameWhenItsMetadataTitleIsDigits() throws Exception {
        Path docx = SampleDocuments.docx(dir.resolve("c.docx"), "2024");
        assertNull(text(docx, "docx").title());
    }

    /**
     * A paper's first page: an arXiv-like stamp along the left margin in large type, its heading in 24 pt over the
     * given lines, its body in 10 pt; a second page of body text.
     */
    private static Path paper(Path file, String title, List<String> heading) throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            PDPage first = new PDPage();
            document.addPage(first);
            try (PDPageContentStream content = new PDPageContentStream(document, first)) {
                content.beginText();
                content.setFont(font, 30);
                content.setTextMatrix(Matrix.getRotateInstance(Math.PI / 2, 30, 200));
                content.showText("arXiv:1706.03762v7 [cs.CL] 2 Aug 2023");
                content.endText();
                lines(content, font, 24, 680, heading);
                lines(content, font, 10, 560, BODY);
            }
            PDPage second = new PDPage();
            document.addPage(second);
            try (PDPageContentStream content = new PDPageContentStream(document, second)) {
                lines(content, font, 10, 700, BODY);
            }
            document.getDocumentInformation().setTitle(title);
            document.save(file.toFile());
        }
        return file;
    }

    private static void lines(PDPageContentStream content, PDType1Font font, float size, float y, List<String> lines)
            throws IOException {
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset(72, y);
        for (String line : lines) {
            content.showText(line);
            content.newLineAtOffset(0, -size * 1.3f);
        }
        content.endText();
    }
}
