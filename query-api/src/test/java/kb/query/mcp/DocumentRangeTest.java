package kb.query.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kb.core.Location;
import kb.query.errors.BadRequestException;
import kb.search.es.ChunkDoc;
import kb.testkit.Chunks;
import org.junit.jupiter.api.Test;

class DocumentRangeTest {

    @Test
    void shouldReturnTheLinesAskedWhenTheDocumentIsAText() {
        DocumentRange range = DocumentRange.of("md", "---\ntitle: A\n---\none\ntwo\nthree\n", List.of(), 4, 5);
        assertEquals(Location.Unit.LINE, range.unit());
        assertEquals("one\ntwo", range.text());
        assertEquals(6, range.total());
        assertEquals("a.md:4-5", range.citation("a.md"));
    }

    @Test
    void shouldReturnTheWholeTextWhenNoRangeIsAsked() {
        DocumentRange range = DocumentRange.of("md", "one\r\ntwo\n", List.of(), null, null);
        assertEquals("one\ntwo", range.text());
        assertEquals(1, range.start());
        assertEquals(2, range.end());
    }

    @Test
    void shouldReturnThePagesAskedWhenTheDocumentIsAPdf() {
        String content = "# First\n\npage one\n\f\npage two\n\f\n\f\npage four";
        DocumentRange range = DocumentRange.of("pdf", content, List.of(), 2, 2);
        assertEquals(Location.Unit.PAGE, range.unit());
        assertEquals("page two", range.text());
        assertEquals(4, range.total());
        assertEquals("r.pdf, page 2", range.citation("r.pdf"));
        assertEquals(
                "page four",
                DocumentRange.of("pdf", content, List.of(), 4, null).text());
    }

    @Test
    void shouldReturnTheSlidesAskedFromTheChunksWhenTheDocumentIsADeck() {
        List<ChunkDoc> chunks = List.of(
                chunk(0, "intro", new Location(Location.Unit.SLIDE, 1, 1, null)),
                chunk(1, "middle", new Location(Location.Unit.SLIDE, 2, 3, null)),
                chunk(2, "end", new Location(Location.Unit.SLIDE, 4, 4, null)));
        DocumentRange range = DocumentRange.of("pptx", "intro\n\nmiddle\n\nend", chunks, 3, 4);
        assertEquals("middle\n\nend", range.text());
        assertEquals(4, range.total());
        assertEquals("d.pptx, slides 3-4", range.citation("d.pptx"));
    }

    @Test
    void shouldRefuseARangePastTheEndWithTheCount() {
        var refused =
                assertThrows(BadRequestException.class, () -> DocumentRange.of("md", "a\nb\n", List.of(), 5, null));
        assertTrue(refused.getMessage().contains("it has 2 lines"), refused.getMessage());
        assertThrows(BadRequestException.class, () -> DocumentRange.of("md", "a\nb\nc\n", List.of(), 3, 2));
    }

    @Test
    void shouldCutALongTextAndSayItWasCut() {
        DocumentRange range = DocumentRange.of("txt", "x".repeat(DocumentRange.MAX_CHARS + 10), List.of(), null, null);
        assertTrue(range.truncated());
        assertEquals(DocumentRange.MAX_CHARS, range.text().length());
    }

    private static ChunkDoc chunk(int ordinal, String text, Location location) {
        return Chunks.located("d", ordinal, text, "pptx", location);
    }
}
