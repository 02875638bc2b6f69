package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import kb.core.DocumentChunks;
import kb.core.Json;
import kb.core.topics.KbTopics;
import org.junit.jupiter.api.Test;

class RecordBudgetTest {

    private static final int LIMIT = KbTopics.withPrefix("kb.").maxValueBytes();

    private final DocumentAssembler assembler = new DocumentAssembler(1200);
    private final RecordBudget budget = new RecordBudget(ChunkerConfig.DEFAULT_MAX_CHUNKS_PER_DOCUMENT, LIMIT);

    /** The file of issue 12: 1,000,018 bytes of valid UTF-8, under the 1 MiB cap, mostly U+0001. */
    static String controlCharacterFile() {
        return "poison\n" + "\u0001".repeat(1_000_011);
    }

    /** 1 MB of one-line sections: every heading a section, every section a chunk. */
    static String oneLineSections() {
        return "# h\nx\n".repeat(1_000_000 / 6);
    }

    @Test
    void shouldKeepADocumentWholeWhenItFits() {
        DocumentChunks doc = assembler.assemble(DocumentAssemblerTest.event("a.md", "# A\n\nsome text\n"));
        RecordBudget.Fitted fitted = budget.fit(doc);
        assertEquals(doc, fitted.document());
        assertTrue(fitted.truncation().isEmpty());
    }

    @Test
    void shouldCutTheControlCharacterFileUnderTheTopicLimitWhenEscapingMakesIt18Megabytes() throws Exception {
        assertEquals(1_000_018, controlCharacterFile().getBytes(StandardCharsets.UTF_8).length);
        DocumentChunks whole = assembler.assemble(DocumentAssemblerTest.event("poison.txt", controlCharacterFile()));
        int wholeBytes = Json.MAPPER.writeValueAsBytes(whole).length;
        assertTrue(wholeBytes > 2 * LIMIT, "reproduces the poison record: " + wholeBytes + " bytes");

        RecordBudget.Fitted fitted = budget.fit(whole);
        int fittedBytes = Json.MAPPER.writeValueAsBytes(fitted.document()).length;
        assertTrue(fittedBytes <= LIMIT, fittedBytes + " bytes");
        assertTrue(fittedBytes > LIMIT * 0.8, "the budget is used, not wasted: " + fittedBytes);
        RecordBudget.Truncation cut = fitted.truncation().orElseThrow();
        assertEquals(whole.chunks().size(), cut.chunksTotal());
        assertEquals(fitted.document().chunks().size(), cut.chunksKept());
        assertEquals(cut.chunksKept(), fitted.document().card().chunkCount(), "the card counts what is indexed");
        assertEquals(
                whole.chunks().subList(0, cut.chunksKept()), fitted.document().chunks());
        assertTrue(whole.content().startsWith(fitted.document().content()));
        System.out.printf(
                "control-character file: %d -> %d bytes, %d of %d chunks%n",
                wholeBytes, fittedBytes, cut.chunksKept(), cut.chunksTotal());
    }

    @Test
    void shouldKeepTheFirstChunksWhenAMarkdownHasMoreSectionsThanTheCap() throws Exception {
        DocumentChunks whole = assembler.assemble(DocumentAssemblerTest.event("sections.md", oneLineSections()));
        int wholeBytes = Json.MAPPER.writeValueAsBytes(whole).length;
        assertTrue(wholeBytes > LIMIT, "reproduces the poison record: " + wholeBytes + " bytes");

        RecordBudget.Fitted fitted = budget.fit(whole);
        int fittedBytes = Json.MAPPER.writeValueAsBytes(fitted.document()).length;
        assertEquals(
                ChunkerConfig.DEFAULT_MAX_CHUNKS_PER_DOCUMENT,
                fitted.document().chunks().size());
        assertEquals(whole.content(), fitted.document().content(), "the content fits: only chunks are cut");
        assertTrue(fittedBytes <= LIMIT);
        assertTrue(
                fitted.truncation().orElseThrow().message().contains("2000 of 166666 chunks"),
                fitted.truncation().orElseThrow().message());
        System.out.printf("one-line sections: %d -> %d bytes%n", wholeBytes, fittedBytes);
    }

    @Test
    void shouldCutAHalfMegabyteHeadingSoItIsNotRepeatedInEveryChunk() {
        String md = "## " + "long heading ".repeat(40_000) + "\n" + "body text. ".repeat(50_000);
        DocumentChunks doc = assembler.assemble(DocumentAssemblerTest.event("h.md", md));
        assertTrue(doc.chunks().stream().allMatch(c -> c.sectionHeader().length() <= ChunkFactory.MAX_LABEL_CHARS + 1));
        assertTrue(RecordBudget.sizeOf(doc) < 3_000_000, "was 420 MB: " + RecordBudget.sizeOf(doc));
    }
}
