package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import kb.core.Chunk;
import kb.core.DocumentChunks;
import kb.core.ExtractedText;
import kb.core.ExtractedText.Block;
import kb.core.FileEvent;
import kb.core.Location;
import org.junit.jupiter.api.Test;

/** Documents the producer extracted are chunked by their own structure, each chunk on its page, slide, rows or cell. */
class ExtractedAssemblerTest {

    private final DocumentAssembler assembler = new DocumentAssembler(1200);

    private DocumentChunks assemble(String path, ExtractedText text) {
        FileEvent event = DocumentAssemblerTest.event(path, "");
        return assembler.assemble(new FileEvent(
                event.schemaVersion(),
                event.op(),
                event.collection(),
                event.path(),
                event.category(),
                event.format(),
                1234,
                "abc",
                1,
                2,
                null,
                text));
    }

    private static Location pages(int start, int end) {
        return new Location(Location.Unit.PAGE, start, end, null);
    }

    private static Location paragraphs(int start, int end, String headingPath) {
        return new Location(Location.Unit.PARAGRAPH, start, end, headingPath);
    }

    @Test
    void shouldMakeOneChunkPerPageOfAPdfWithoutHeadingsTitledByItsMetadata() {
        DocumentChunks doc = assemble(
                "manuals/pump.pdf",
                new ExtractedText(
                        "Pump Manual",
                        List.of("pump"),
                        List.of(
                                new Block(Location.Unit.PAGE, 1, null, 0, "Unpack the pump."),
                                new Block(Location.Unit.PAGE, 1, null, 0, "Check the seals."),
                                new Block(Location.Unit.PAGE, 2, null, 0, "Prime it with water."),
                                new Block(Location.Unit.PAGE, 3, null, 0, "The warranty lasts five years."))));
        assertEquals("Pump Manual", doc.card().title());
        assertEquals(List.of("pump"), doc.card().keywords());
        assertEquals(1234, doc.card().size());
        assertEquals(
                List.of(
                        "Unpack the pump.\n\nCheck the seals.",
                        "Prime it with water.",
                        "The warranty lasts five years."),
                doc.chunks().stream().map(Chunk::text).toList());
        assertEquals(
                List.of(pages(1, 1), pages(2, 2), pages(3, 3)),
                doc.chunks().stream().map(Chunk::location).toList());
        assertEquals(
                "Pump Manual\n\nThe warranty lasts five years.",
                doc.chunks().get(2).enrichedText());
        assertEquals(
                "Unpack the pump.\n\nCheck the seals.\n\f\nPrime it with water.\n\f\nThe warranty lasts five years.",
                doc.content(),
                "each page ends with a form feed, so the document view can show the pages");
    }

    @Test
    void shouldEndEveryPageWithAFormFeedEvenAPageWithoutText() {
        DocumentChunks doc = assemble(
                "scan.pdf",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(
                                new Block(Location.Unit.PAGE, 2, null, 1, "Summary"),
                                new Block(Location.Unit.PAGE, 2, null, 0, "Page two."),
                                new Block(Location.Unit.PAGE, 4, null, 0, "Page four."))));
        String[] pages = doc.content().split("\f", -1);
        assertEquals(4, pages.length, doc.content());
        assertEquals("", pages[0].strip());
        assertEquals("# Summary\n\nPage two.", pages[1].strip());
        assertEquals("", pages[2].strip());
        assertEquals("Page four.", pages[3].strip());
    }

    @Test
    void shouldHeadChunksByTheHeadingPathAndTakeTheFirstHeadingAsTitleWhenThereIsNoMetadataTitle() {
        DocumentChunks doc = assemble(
                "guide.docx",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(
                                new Block(null, 0, null, 1, "Setup Guide"),
                                new Block(null, 0, null, 0, "Intro text."),
                                new Block(null, 0, null, 2, "Install"),
                                new Block(null, 0, null, 0, "Run the installer."))));
        assertEquals("Setup Guide", doc.card().title());
        assertEquals(
                List.of("Install"),
                doc.chunks().stream()
                        .map(Chunk::sectionHeader)
                        .filter(h -> h != null)
                        .toList());
        Chunk install = doc.chunks().get(1);
        assertEquals("Setup Guide > Install\n\nRun the installer.", install.enrichedText());
        assertEquals(
                List.of(paragraphs(2, 2, null), paragraphs(4, 4, "Install")),
                doc.chunks().stream().map(Chunk::location).toList(),
                "a DOCX has no pages: its paragraphs, headings included, counted from the top under their heading");
    }

    @Test
    void shouldCiteTheHeadingPathAndParagraphRangeOfEachSectionOfADocumentWithoutPages() {
        DocumentChunks doc = assemble(
                "wiki/runbook.html",
                new ExtractedText(
                        "Runbook",
                        List.of(),
                        List.of(
                                new Block(null, 0, null, 1, "Database"),
                                new Block(null, 0, null, 2, "Failover"),
                                new Block(null, 0, null, 0, "Promote the replica."),
                                new Block(null, 0, null, 0, "Point the service at it."),
                                new Block(null, 0, null, 0, "Rebuild the old primary."),
                                new Block(null, 0, null, 2, "Backups"),
                                new Block(null, 0, null, 0, "Nightly at two."))));
        assertEquals(
                List.of(paragraphs(3, 5, "Database > Failover"), paragraphs(7, 7, "Database > Backups")),
                doc.chunks().stream().map(Chunk::location).toList());
        assertEquals(
                "Database > Failover paragraphs 3-5",
                doc.chunks().get(0).location().toString());
    }

    @Test
    void shouldPackParagraphsOfADocumentWithoutHeadingsAndKeepTheRangeOnEveryPieceOfALongOne() {
        String sentence = "The valve must be checked every week. ";
        DocumentChunks doc = assemble(
                "notes.docx",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(
                                new Block(null, 0, null, 0, "First short paragraph."),
                                new Block(null, 0, null, 0, "Second short paragraph."),
                                new Block(null, 0, null, 0, sentence.repeat(60)))));
        List<Location> locations = doc.chunks().stream().map(Chunk::location).toList();
        assertEquals(paragraphs(1, 2, null), locations.get(0));
        assertTrue(locations.size() >= 3, locations.toString());
        locations.subList(1, locations.size()).forEach(l -> assertEquals(paragraphs(3, 3, null), l));
    }

    @Test
    void shouldSpanThePagesOfASectionThatCrossesAPageBreak() {
        DocumentChunks doc = assemble(
                "report.pdf",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(
                                new Block(Location.Unit.PAGE, 2, null, 1, "Results"),
                                new Block(Location.Unit.PAGE, 2, null, 0, "Yield went up."),
                                new Block(Location.Unit.PAGE, 3, null, 0, "Cost went down."))));
        assertEquals(
                List.of(pages(2, 3)), doc.chunks().stream().map(Chunk::location).toList());
    }

    @Test
    void shouldPackTheRowsOfEachSheetNamedByTheSheet() {
        List<Block> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            rows.add(new Block(Location.Unit.ROW, r, "Budget", 0, "item" + r + " | " + r * 10));
        }
        rows.add(new Block(Location.Unit.ROW, 1, "Staff", 0, "Ada | engineer"));
        DocumentChunks doc = assemble("plan.xlsx", new ExtractedText(null, List.of(), rows));
        assertEquals("plan", doc.card().title());
        assertEquals(
                List.of("Budget", "Staff"),
                doc.chunks().stream().map(Chunk::sectionHeader).toList());
        assertEquals(
                List.of(
                        new Location(Location.Unit.ROW, 1, 3, "Budget"),
                        new Location(Location.Unit.ROW, 1, 1, "Staff")),
                doc.chunks().stream().map(Chunk::location).toList());
        assertEquals("item1 | 10\nitem2 | 20\nitem3 | 30", doc.chunks().get(0).text());
    }

    @Test
    void shouldCutALongPageByTheCapAndKeepItsPageOnEveryPiece() {
        String sentence = "The valve must be checked every week. ";
        DocumentChunks doc = assemble(
                "long.pdf",
                new ExtractedText(
                        null, List.of(), List.of(new Block(Location.Unit.PAGE, 4, null, 0, sentence.repeat(80)))));
        assertTrue(doc.chunks().size() >= 3);
        doc.chunks().forEach(c -> {
            assertTrue(c.text().length() <= 1200);
            assertEquals(pages(4, 4), c.location());
        });
    }

    /**
     * A two-column PDF as the producer gives it: a block ends where a column ends, here mid-word ({@code au-}) when
     * the cap cuts, and mid-sentence at the page break (JACoW's template, page 1 and 2 of the two-column set).
     */
    @Test
    void shouldStartEveryChunkOfATwoColumnPdfAtAWordAndASentenceWhenItsBlocksEndMidWord() {
        String filler = "The conference series publishes its proceedings on the web. ";
        DocumentChunks doc = assemble(
                "jacow/template.pdf",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(
                                new Block(
                                        Location.Unit.PAGE,
                                        1,
                                        null,
                                        0,
                                        filler.repeat(18) + "Templates are provided for"
                                                + " recommended software and au-"),
                                new Block(
                                        Location.Unit.PAGE,
                                        1,
                                        null,
                                        0,
                                        "thors are advised to use them."
                                                + " Please consult the individual conference information. "
                                                + filler.repeat(8)),
                                new Block(
                                        Location.Unit.PAGE,
                                        1,
                                        null,
                                        0,
                                        "Section headings should not be" + " numbered. They"),
                                new Block(
                                        Location.Unit.PAGE,
                                        2,
                                        null,
                                        0,
                                        "should use 12 pt italic letters."
                                                + " Subsection headings are left aligned."))));
        List<String> texts = doc.chunks().stream().map(Chunk::text).toList();
        texts.forEach(
                t -> assertTrue(!Character.isLowerCase(t.codePointAt(0)), "a chunk starts mid-sentence: " + texts));
        assertTrue(texts.get(0).endsWith("recommended software and authors are advised to use them."), texts.get(0));
        assertTrue(texts.stream().noneMatch(t -> t.contains("au-")), "the word is whole again");
        Chunk pageBreak = doc.chunks().stream()
                .filter(c -> c.text().endsWith("They\n\nshould use 12 pt italic letters."))
                .findFirst()
                .orElseThrow(() -> new AssertionError(texts));
        assertEquals(pages(1, 2), pageBreak.location(), "the chunk spans the page its last sentence ends on");
        assertEquals(pages(2, 2), doc.chunks().get(doc.chunks().size() - 1).location());
        doc.chunks().forEach(c -> assertTrue(c.text().length() <= 1200 + 1200 / 5 + 2, c.text()));
    }

    @Test
    void shouldCarryNothingAcrossSlidesOrADocumentsParagraphsWhichAreNotLayout() {
        DocumentChunks deck = assemble(
                "talk.pptx",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(
                                new Block(Location.Unit.SLIDE, 1, null, 0, "Why we moved to"),
                                new Block(Location.Unit.SLIDE, 2, null, 0, "event sourcing and what it cost."))));
        assertEquals(
                List.of("Why we moved to", "event sourcing and what it cost."),
                deck.chunks().stream().map(Chunk::text).toList());
        String filler = "Ship the release notes with the build. ".repeat(31);
        DocumentChunks page = assemble(
                "notes.docx",
                new ExtractedText(
                        null,
                        List.of(),
                        List.of(new Block(null, 0, null, 0, filler + "au-"), new Block(null, 0, null, 0, "thors."))));
        assertEquals("thors.", page.chunks().get(page.chunks().size() - 1).text());
    }

    @Test
    void shouldHeadNotebookCellsByTheirMarkdownHeadingsAndPointAtTheCells() {
        DocumentChunks doc = assemble(
                "analysis.ipynb",
                new ExtractedText(
                        "Churn Analysis",
                        List.of(),
                        List.of(
                                new Block(Location.Unit.CELL, 1, null, 1, "Churn Analysis"),
                                new Block(Location.Unit.CELL, 2, null, 2, "Load"),
                                new Block(Location.Unit.CELL, 2, null, 0, "We read the CSV."),
                                new Block(Location.Unit.CELL, 3, null, 0, "df = pd.read_csv('churn.csv')"))));
        Chunk load = doc.chunks().get(0);
        assertEquals("Load", load.sectionHeader());
        assertEquals("We read the CSV.\n\ndf = pd.read_csv('churn.csv')", load.text());
        assertEquals(new Location(Location.Unit.CELL, 2, 3, null), load.location());
    }
}
