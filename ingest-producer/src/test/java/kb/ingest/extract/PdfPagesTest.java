package kb.ingest.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import kb.core.ExtractedText;
import kb.core.Json;
import kb.core.PageLayout;
import kb.ingest.samples.SampleDocuments;
import kb.testkit.MissingTool;
import kb.testkit.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page layouts kept at extraction and OCR of pages without a text layer, through the real PDFBox and the real
 * Tesseract (skipped where it is not installed).
 */
class PdfPagesTest {

    @TempDir
    Path dir;

    @Test
    void shouldKeepEachColumnsLinesApartWithTheirBoxesWhenAPageHasTwoColumns() throws Exception {
        Path pdf = SampleDocuments.twoColumnPdf(
                dir.resolve("docs/columns.pdf"),
                "Columns",
                List.of("The left column speaks of torque", "and of the bolts it holds."),
                List.of("The right column speaks of rivets", "and of the plates they join."));
        Path layouts = dir.resolve("layouts");
        Extraction extraction =
                new DocumentParser(1 << 20, OcrMode.OFF, Duration.ofSeconds(30), layouts).parse(pdf, "pdf");
        assertInstanceOf(Extraction.Done.class, extraction);
        PageLayout layout = Json.MAPPER.readValue(
                PageLayout.fileOf(layouts, pdf.toRealPath()).toFile(), PageLayout.class);
        PageLayout.Page page = layout.page(1).orElseThrow();
        assertEquals(612f, page.width());
        assertFalse(page.ocr());
        List<String> texts = page.lines().stream().map(PageLayout.Line::text).toList();
        assertEquals(
                List.of(
                        "The left column speaks of torque",
                        "and of the bolts it holds.",
                        "The right column speaks of rivets",
                        "and of the plates they join."),
                texts);
        PageLayout.Line left = page.lines().get(0);
        PageLayout.Line right = page.lines().get(2);
        assertEquals(54f, left.x(), 1f);
        assertEquals(318f, right.x(), 1f);
        assertTrue(left.x() + left.width() < right.x(), "the columns' boxes do not overlap");
        assertEquals(792 - 720, left.y() + left.height(), 4f);
    }

    @Test
    void shouldReadAScannedPageByOcrAndKeepItsLinesWhenTesseractIsInstalled() throws Exception {
        MissingTool.assumeInstalled(Tool.TESSERACT);
        Path pdf = SampleDocuments.imagePdf(
                dir.resolve("scan.pdf"),
                List.of("Quarterly maintenance report", "The compressor valves were replaced."));
        Path layouts = dir.resolve("layouts");
        Extraction extraction =
                new DocumentParser(1 << 20, OcrMode.AUTO, Duration.ofSeconds(60), layouts).parse(pdf, "pdf");
        ExtractedText text = assertInstanceOf(Extraction.Done.class, extraction).text();
        String all = String.join(
                " ", text.blocks().stream().map(ExtractedText.Block::text).toList());
        assertTrue(all.contains("compressor valves"), all);
        assertEquals(1, text.blocks().get(0).number());
        PageLayout.Page page = Json.MAPPER
                .readValue(PageLayout.fileOf(layouts, pdf.toRealPath()).toFile(), PageLayout.class)
                .page(1)
                .orElseThrow();
        assertTrue(page.ocr());
        PageLayout.Line second = page.lines().stream()
                .filter(l -> l.text().contains("compressor"))
                .findFirst()
                .orElseThrow();
        // Drawn at 72 pt from the left and about 90 pt from the top (the second line's baseline).
        assertEquals(72f, second.x(), 3f);
        assertTrue(second.y() > 70 && second.y() < 92, "top " + second.y());
    }

    @Test
    void shouldReadAScannedChinesePageByOcrWhenTesseractHasTheChineseData() throws Exception {
        MissingTool.assumeInstalled(Tool.TESSERACT);
        MissingTool.assumeInstalled(Tool.TESSERACT_CHINESE);
        MissingTool.assumeInstalled(Tool.CJK_FONT);
        Path pdf = SampleDocuments.imagePdf(dir.resolve("scan-zh.pdf"), List.of("季度维护报告", "压缩机的阀门已经更换。"));
        Path layouts = dir.resolve("layouts");
        Extraction extraction =
                new DocumentParser(1 << 20, OcrMode.AUTO, Duration.ofSeconds(60), layouts).parse(pdf, "pdf");
        ExtractedText text = assertInstanceOf(Extraction.Done.class, extraction).text();
        String all = String.join(
                " ", text.blocks().stream().map(ExtractedText.Block::text).toList());
        assertTrue(all.contains("压缩机") && all.contains("阀门"), all);
        PageLayout.Page page = Json.MAPPER
                .readValue(PageLayout.fileOf(layouts, pdf.toRealPath()).toFile(), PageLayout.class)
                .page(1)
                .orElseThrow();
        assertTrue(page.ocr());
        PageLayout.Line second = page.lines().stream()
                .filter(l -> l.text().contains("阀门"))
                .findFirst()
                .orElseThrow();
        assertEquals(72f, second.x(), 3f);
    }

    @Test
    void shouldSayHowToInstallTesseractWhenAScanIsReadWithoutIt() throws Exception {
        Path pdf = SampleDocuments.scannedPdf(dir.resolve("blank.pdf"), 2);
        Extraction.Failed missing = assertInstanceOf(
                Extraction.Failed.class,
                new DocumentParser(1 << 20, OcrMode.AUTO, Duration.ofSeconds(30), null, null).parse(pdf, "pdf"));
        assertEquals("no_text_layer", missing.reason());
        assertTrue(missing.message().contains("apt install tesseract-ocr tesseract-ocr-chi-sim"), missing.message());
    }

    @Test
    void shouldSayOcrIsOffWhenAScanIsReadWithOcrSwitchedOff() throws Exception {
        Path pdf = SampleDocuments.scannedPdf(dir.resolve("blank.pdf"), 2);
        Extraction.Failed off =
                assertInstanceOf(Extraction.Failed.class, new DocumentParser(1 << 20, false).parse(pdf, "pdf"));
        assertTrue(off.message().contains("KB_EXTRACT_OCR=false"), off.message());
    }

    @Test
    void shouldReadTesseractsTsvAsLinesInPageUnits() {
        String tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
                + "5\t1\t1\t1\t1\t1\t300\t300\t100\t40\t96\tHello\n"
                + "5\t1\t1\t1\t1\t2\t420\t300\t120\t40\t96\tworld\n"
                + "5\t1\t1\t1\t2\t1\t300\t375\t50\t40\t90\t你\n"
                + "5\t1\t1\t1\t2\t2\t350\t375\t50\t40\t90\t好\n";
        List<PageLayout.Line> lines = TesseractTsv.lines(tsv, 72f / 300);
        assertEquals(2, lines.size());
        assertEquals(new PageLayout.Line(72f, 72f, 57.6f, 9.6f, "Hello world"), lines.get(0));
        assertEquals("你好", lines.get(1).text());
        assertEquals(List.of("Hello world\n你好"), TesseractTsv.paragraphs(tsv));
    }

    @Test
    void shouldJoinChinesePunctuationToItsSentenceWithoutASpaceWhenTesseractReadsItAsAWord() {
        String tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
                + "5\t1\t1\t1\t1\t1\t300\t300\t100\t50\t96\t异常\n"
                + "5\t1\t1\t1\t1\t2\t400\t300\t50\t50\t96\t，\n"
                + "5\t1\t1\t1\t1\t3\t450\t300\t100\t50\t96\t停机\n"
                + "5\t1\t1\t1\t1\t4\t550\t300\t50\t50\t96\t。\n"
                + "5\t1\t1\t1\t1\t5\t620\t300\t120\t50\t96\tKX-200\n";
        assertEquals("异常，停机。 KX-200", TesseractTsv.lines(tsv, 72f / 300).get(0).text());
        assertEquals(List.of("异常，停机。 KX-200"), TesseractTsv.paragraphs(tsv));
    }
}
