package kb.ingest.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import kb.core.ExtractedText;
import kb.core.ExtractedText.Block;
import kb.core.Location;
import kb.ingest.samples.SampleDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tika's output read into blocks with their structure, from sample documents the tests build. */
class DocumentParserTest {

    @TempDir
    Path dir;

    private final DocumentParser parser = new DocumentParser(1 << 20, false);

    private ExtractedText text(Path file, String format) {
        Extraction extraction = parser.parse(file, format);
        return assertInstanceOf(Extraction.Done.class, extraction, extraction.toString())
                .text();
    }

    private Extraction.Failed failure(Path file, String format) {
        Extraction extraction = parser.parse(file, format);
        return assertInstanceOf(Extraction.Failed.class, extraction, extraction.toString());
    }

    @Test
    void shouldPutEveryLineOfAPdfOnItsPage() throws Exception {
        Path pdf = SampleDocuments.pdf(
                dir.resolve("a.pdf"),
                "Three Pages",
                List.of("Page one text.", "Page two text.", "The torque is 42 Nm.\nSecond line."));
        ExtractedText text = text(pdf, "pdf");
        assertEquals("Three Pages", text.title());
        assertEquals(
                List.of(1, 2, 3),
                text.blocks().stream().map(Block::number).distinct().toList());
        Block last = text.blocks().stream()
                .filter(b -> b.text().contains("42 Nm"))
                .findFirst()
                .orElseThrow();
        assertEquals(Location.Unit.PAGE, last.unit());
        assertEquals(3, last.number());
    }

    @Test
    void shouldKeepWordHeadingsAsHeadings() throws Exception {
        Path docx = SampleDocuments.docx(
                dir.resolve("a.docx"),
                "Setup Guide",
                "Installation",
                "Run the installer.",
                "Removal",
                "Delete the folder.");
        ExtractedText text = text(docx, "docx");
        assertEquals("Setup Guide", text.title());
        List<Block> blocks = text.blocks();
        assertEquals(
                List.of(
                        new Block(null, 0, null, 1, "Installation"),
                        new Block(null, 0, null, 0, "Run the installer."),
                        new Block(null, 0, null, 1, "Removal"),
                        new Block(null, 0, null, 0, "Delete the folder.")),
                blocks);
    }

    @Test
    void shouldNumberSlidesAndLeaveTheMastersOut() throws Exception {
        Path pptx = SampleDocuments.pptx(dir.resolve("a.pptx"), List.of("Kickoff", "Roadmap for Q3"));
        assertEquals(
                List.of(
                        new Block(Location.Unit.SLIDE, 1, null, 0, "Kickoff"),
                        new Block(Location.Unit.SLIDE, 2, null, 0, "Roadmap for Q3")),
                text(pptx, "pptx").blocks());
    }

    @Test
    void shouldNumberTheRowsOfEachSheetNamedByTheSheet() throws Exception {
        Path xlsx = SampleDocuments.xlsx(dir.resolve("a.xlsx"), "Budget", List.of("item | cost", "pumps | 300"));
        assertEquals(
                List.of(
                        new Block(Location.Unit.ROW, 1, "Budget", 0, "item | cost"),
                        new Block(Location.Unit.ROW, 2, "Budget", 0, "pumps | 300")),
                text(xlsx, "xlsx").blocks());
    }

    @Test
    void shouldReadHtmlHeadingsParagraphsAndTitleButNoScripts() throws Exception {
        Path html = dir.resolve("a.html");
        Files.writeString(
                html,
                "<html><head><title>Wiki Page</title><script>var hidden = 1;</script></head><body>"
                        + "<h1>Overview</h1><p>Some <b>bold</b> words.</p><h2>Details</h2><ul><li>one</li><li>two</li></ul>"
                        + "</body></html>");
        ExtractedText text = text(html, "html");
        assertEquals("Wiki Page", text.title());
        assertEquals(
                List.of(
                        new Block(null, 0, null, 1, "Overview"),
                        new Block(null, 0, null, 0, "Some bold words."),
                        new Block(null, 0, null, 2, "Details"),
                        new Block(null, 0, null, 0, "one"),
                        new Block(null, 0, null, 0, "two")),
                text.blocks());
    }

    @Test
    void shouldReadANotebooksCellsWithoutTheirOutputs() throws Exception {
        Path notebook = SampleDocuments.notebook(
                dir.resolve("a.ipynb"),
                List.of("# Churn\nWhy customers leave.", "code:import pandas as pd\ndf = pd.read_csv('c.csv')"));
        ExtractedText text = text(notebook, "ipynb");
        assertEquals("Churn", text.title());
        assertEquals(
                List.of(
                        new Block(Location.Unit.CELL, 1, null, 1, "Churn"),
                        new Block(Location.Unit.CELL, 1, null, 0, "Why customers leave."),
                        new Block(Location.Unit.CELL, 2, null, 0, "import pandas as pd\ndf = pd.read_csv('c.csv')")),
                text.blocks());
        assertFalse(text.blocks().toString().contains("OUTPUT-NOT-INDEXED"));
    }

    @Test
    void shouldSayEncryptedForAPdfThatNeedsAPassword() throws Exception {
        Extraction.Failed failed = failure(SampleDocuments.encryptedPdf(dir.resolve("s.pdf"), "secret"), "pdf");
        assertEquals("encrypted", failed.reason());
        assertTrue(failed.message().startsWith("encrypted"), failed.message());
    }

    @Test
    void shouldSayNoTextLayerForAScannedPdf() throws Exception {
        Extraction.Failed failed = failure(SampleDocuments.scannedPdf(dir.resolve("scan.pdf"), 3), "pdf");
        assertEquals("no_text_layer", failed.reason());
        assertTrue(failed.message().startsWith("no text layer"), failed.message());
    }

    @Test
    void shouldSayTooLargeForAZipBomb() throws Exception {
        Extraction.Failed failed = failure(SampleDocuments.zipBombDocx(dir.resolve("bomb.docx"), 200), "docx");
        assertEquals("too_large", failed.reason(), failed.message());
        assertTrue(failed.message().startsWith("too large"), failed.message());
    }

    @Test
    void shouldSayTooLargeWhenTheTextPassesTheCap() throws Exception {
        Path pdf = SampleDocuments.pdf(dir.resolve("big.pdf"), "Big", List.of("x".repeat(60), "y".repeat(60)));
        Extraction extraction = new DocumentParser(100, false).parse(pdf, "pdf");
        assertEquals(
                "too_large",
                assertInstanceOf(Extraction.Failed.class, extraction).reason());
    }

    /** What a careless copy or a renamed download leaves: bytes that are no document of the kind the name says. */
    @Test
    void shouldSayWhyForRandomBytesUnderEveryDocumentExtension() throws Exception {
        byte[] noise = new byte[4096];
        new Random(38).nextBytes(noise);
        for (String format : List.of("pdf", "docx", "pptx", "xlsx", "odt", "odp", "ods", "epub", "rtf")) {
            Path file = Files.write(dir.resolve("noise." + format), noise);
            Extraction.Failed failed = failure(file, format);
            assertEquals("unparseable", failed.reason(), format + ": " + failed.message());
            assertTrue(failed.message().startsWith("cannot be parsed: not a"), format + ": " + failed.message());
        }
    }

    /** A download cut short: the archive's central directory, at its end, is missing. */
    @Test
    void shouldSayWhyForATruncatedWorkbook() throws Exception {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            rows.add("item " + i + " | " + (i * 7));
        }
        Path whole = SampleDocuments.xlsx(dir.resolve("whole.xlsx"), "Budget", rows);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.xlsx"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Extraction.Failed failed = failure(cut, "xlsx");
        assertEquals("unparseable", failed.reason(), failed.message());
        assertTrue(failed.message().contains("truncated"), failed.message());
    }

    /** A plot saved in the notebook: one output of 20 MB of PNG, base64 as Jupyter writes it, between two cells. */
    @Test
    void shouldReadEveryCellOfANotebookWhoseOutputIsATwentyMegabyteImage() throws Exception {
        byte[] png = new byte[20 << 20];
        new Random(38).nextBytes(png);
        String image = Base64.getEncoder().encodeToString(png);
        Path notebook = dir.resolve("plot.ipynb");
        Files.writeString(
                notebook,
                "{\"nbformat\": 4, \"nbformat_minor\": 5, \"cells\": ["
                        + "{\"cell_type\": \"markdown\", \"metadata\": {}, \"source\": [\"# Churn\\n\"]},"
                        + "{\"cell_type\": \"code\", \"metadata\": {}, \"execution_count\": 1,"
                        + " \"source\": [\"df.plot()\"], \"outputs\": [{\"output_type\": \"display_data\","
                        + " \"metadata\": {}, \"data\": {\"image/png\": \"" + image + "\","
                        + " \"text/plain\": [\"<Figure>\"]}}]},"
                        + "{\"cell_type\": \"markdown\", \"metadata\": {}, \"source\": \"Customers leave in May.\"}"
                        + "], \"metadata\": {\"kernelspec\": {\"name\": \"python3\"}}}");
        ExtractedText text = text(notebook, "ipynb");
        assertEquals("Churn", text.title());
        assertEquals(
                List.of(
                        new Block(Location.Unit.CELL, 1, null, 1, "Churn"),
                        new Block(Location.Unit.CELL, 2, null, 0, "df.plot()"),
                        new Block(Location.Unit.CELL, 3, null, 0, "Customers leave in May.")),
                text.blocks());
    }

    @Test
    void shouldSayWhyWhenAFileNamedIpynbIsNoNotebook() throws Exception {
        Path notebook = Files.writeString(dir.resolve("x.ipynb"), "{\"metadata\": {}, \"cells\": 3}");
        Extraction.Failed failed = failure(notebook, "ipynb");
        assertEquals("unparseable", failed.reason());
        assertTrue(failed.message().startsWith("cannot be parsed: not a notebook"), failed.message());
    }
}
