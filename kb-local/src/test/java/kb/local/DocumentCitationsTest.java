package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import kb.chunker.DocumentAssembler;
import kb.core.Chunk;
import kb.core.Location;
import kb.core.settings.CollectionFolder;
import kb.ingest.FileEventReader;
import kb.ingest.FileReadResult;
import kb.ingest.extract.ExtractionLimits;
import kb.ingest.extract.IsolatedExtractor;
import kb.ingest.samples.SampleDocuments;
import org.apache.poi.xslf.usermodel.SlideLayout;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFSlideLayout;
import org.apache.poi.xssf.usermodel.XSSFRow;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.apache.poi.xwpf.usermodel.XWPFStyle;
import org.apache.poi.xwpf.usermodel.XWPFStyles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openxmlformats.schemas.wordprocessingml.x2006.main.CTStyle;
import org.openxmlformats.schemas.wordprocessingml.x2006.main.STStyleType;

/**
 * Every format cites where its chunks are, from a file the real libraries wrote (Apache POI, Tika in the extractor
 * process) through the producer's reader and the chunker: a DOCX and an HTML page by heading path and paragraphs, a
 * presentation by slide, a workbook by sheet and rows, a notebook by cell. No chunk of a document with a structure is
 * left without a location.
 */
class DocumentCitationsTest {

    @TempDir
    static Path dir;

    private static IsolatedExtractor extractor;
    private static FileEventReader reader;
    private final DocumentAssembler chunker = new DocumentAssembler(1200);

    @BeforeAll
    static void startExtractor() {
        extractor = new IsolatedExtractor(ExtractionLimits.defaults(1 << 20));
        reader = new FileEventReader(
                CollectionFolder.of(dir, "docs"),
                1 << 20,
                Clock.systemUTC(),
                new FileEventReader.Documents(extractor, 64L << 20, FileEventReader.Known.NOTHING));
    }

    @AfterAll
    static void stopExtractor() {
        extractor.close();
    }

    @Test
    void shouldCiteADocxByHeadingPathAndParagraphsCountedFromTheTop() throws Exception {
        writeDocx(dir.resolve("guide.docx"));
        assertEquals(
                List.of(
                        paragraphs(2, 3, "Installation"),
                        paragraphs(5, 5, "Installation > Wiring"),
                        paragraphs(7, 7, "Maintenance")),
                locations("guide.docx"));
    }

    @Test
    void shouldCiteAnHtmlPageByHeadingPathAndParagraphs() throws Exception {
        Files.writeString(
                dir.resolve("page.html"),
                "<html><head><title>Runbook</title></head><body><h1>Database</h1><h2>Failover</h2>"
                        + "<p>Promote the replica.</p><p>Point the service at it.</p>"
                        + "<h2>Backups</h2><ul><li>Nightly at two.</li><li>Kept a week.</li></ul></body></html>");
        assertEquals(
                List.of(paragraphs(3, 4, "Database > Failover"), paragraphs(6, 7, "Database > Backups")),
                locations("page.html"));
    }

    @Test
    void shouldCiteAPresentationBySlide() throws Exception {
        SampleDocuments.pptx(
                dir.resolve("deck.pptx"), List.of("Kickoff in March", "Roadmap for Q3", "Budget of the pilot"));
        assertEquals(List.of(slide(1), slide(2), slide(3)), locations("deck.pptx"));
    }

    @Test
    void shouldCiteASlideWithATitleByItsNumber() throws Exception {
        writeTitledDeck(dir.resolve("titled.pptx"));
        assertEquals(List.of(slide(1), slide(2)), locations("titled.pptx"));
    }

    @Test
    void shouldCiteAWorkbookBySheetAndRows() throws Exception {
        writeXlsx(dir.resolve("plan.xlsx"));
        assertEquals(
                List.of(
                        new Location(Location.Unit.ROW, 1, 3, "Budget"),
                        new Location(Location.Unit.ROW, 1, 2, "Staff")),
                locations("plan.xlsx"));
    }

    @Test
    void shouldCiteANotebookByCell() throws Exception {
        SampleDocuments.notebook(
                dir.resolve("churn.ipynb"),
                List.of(
                        "# Churn\nWhy customers leave.",
                        "code:import pandas as pd",
                        "## Model\nA logistic regression.",
                        "code:model.fit(x, y)"));
        assertEquals(
                List.of(new Location(Location.Unit.CELL, 1, 2, null), new Location(Location.Unit.CELL, 3, 4, null)),
                locations("churn.ipynb"));
    }

    private List<Location> locations(String path) {
        FileReadResult result = reader.read(path);
        FileReadResult.Read read = assertInstanceOf(FileReadResult.Read.class, result, result.toString());
        List<Chunk> chunks = chunker.assemble(read.event()).chunks();
        chunks.forEach(c -> assertNotNull(c.location(), path + ": a chunk without a location: " + c));
        return chunks.stream().map(Chunk::location).toList();
    }

    private static Location paragraphs(int start, int end, String headingPath) {
        return new Location(Location.Unit.PARAGRAPH, start, end, headingPath);
    }

    private static Location slide(int number) {
        return new Location(Location.Unit.SLIDE, number, number, null);
    }

    /** Two levels of Word headings, paragraphs between them: seven paragraphs in all. */
    private static void writeDocx(Path file) throws IOException {
        try (XWPFDocument document = new XWPFDocument()) {
            document.getProperties().getCoreProperties().setTitle("Pump Guide");
            XWPFStyles styles = document.createStyles();
            styles.addStyle(new XWPFStyle(headingStyle(1)));
            styles.addStyle(new XWPFStyle(headingStyle(2)));
            String[][] paragraphs = {
                {"Heading1", "Installation"},
                {null, "Bolt the pump to a level base."},
                {null, "Connect the inlet hose first."},
                {"Heading2", "Wiring"},
                {null, "Use a 16 A fuse."},
                {"Heading1", "Maintenance"},
                {null, "Replace the seal every two years."}
            };
            for (String[] paragraph : paragraphs) {
                var created = document.createParagraph();
                if (paragraph[0] != null) {
                    created.setStyle(paragraph[0]);
                }
                created.createRun().setText(paragraph[1]);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                document.write(out);
            }
        }
    }

    private static CTStyle headingStyle(int level) {
        CTStyle heading = CTStyle.Factory.newInstance();
        heading.setStyleId("Heading" + level);
        heading.addNewName().setVal("heading " + level);
        heading.setType(STStyleType.PARAGRAPH);
        return heading;
    }

    private static void writeXlsx(Path file) throws IOException {
        try (XSSFWorkbook workbook = new XSSFWorkbook()) {
            sheet(
                    workbook,
                    "Budget",
                    List.of(List.of("item", "cost"), List.of("pumps", "300"), List.of("hoses", "40")));
            sheet(workbook, "Staff", List.of(List.of("name", "role"), List.of("Ada", "engineer")));
            try (OutputStream out = Files.newOutputStream(file)) {
                workbook.write(out);
            }
        }
    }

    private static void sheet(XSSFWorkbook workbook, String name, List<List<String>> rows) {
        XSSFSheet sheet = workbook.createSheet(name);
        for (int r = 0; r < rows.size(); r++) {
            XSSFRow row = sheet.createRow(r);
            for (int c = 0; c < rows.get(r).size(); c++) {
                row.createCell(c).setCellValue(rows.get(r).get(c));
            }
        }
    }

    /** Slides made from the title-and-content layout, a title and a body on each. */
    private static void writeTitledDeck(Path file) throws IOException {
        try (XMLSlideShow show = new XMLSlideShow()) {
            XSLFSlideLayout layout = show.getSlideMasters().get(0).getLayout(SlideLayout.TITLE_AND_CONTENT);
            String[][] slides = {{"Kickoff", "The team meets in March."}, {"Roadmap", "Pilot in Q3, launch in Q4."}};
            for (String[] text : slides) {
                XSLFSlide slide = show.createSlide(layout);
                slide.getPlaceholder(0).setText(text[0]);
                slide.getPlaceholder(1).setText(text[1]);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                show.write(out);
            }
        }
    }
}
