package kb.query.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import kb.core.Location;
import kb.search.es.ChunkDoc;
import kb.testkit.Chunks;
import org.junit.jupiter.api.Test;

class CitationsTest {

    private static ChunkDoc chunk(int ordinal, String text, Location location) {
        String format = location != null && location.unit() == Location.Unit.PAGE ? "pdf" : "md";
        return Chunks.located("d", ordinal, text, format, location);
    }

    @Test
    void shouldCiteThePreviewsLinesFromTheTopOfTheBodyWhenChunksCountLines() {
        String content = "---\ntitle: T\n---\n# T\n\nfirst\n\n## S\n\nsecond\n";
        String body = DocumentText.withoutFrontmatter(content);
        List<ChunkDoc> chunks =
                List.of(chunk(0, "first", Location.lines(6, 6)), chunk(1, "second", Location.lines(10, 10)));
        assertEquals(List.of(Location.lines(4, 10)), Citations.ofPreview(content, body, 2000, chunks));
        assertEquals(List.of(Location.lines(4, 6)), Citations.ofPreview(content, body, 10, chunks));
    }

    @Test
    void shouldCiteThePagesOfTheChunksThePreviewReachesWhenChunksCountPages() {
        Location page1 = new Location(Location.Unit.PAGE, 1, 1, null);
        Location page2 = new Location(Location.Unit.PAGE, 2, 2, null);
        Location page3 = new Location(Location.Unit.PAGE, 3, 3, null);
        List<ChunkDoc> chunks = List.of(
                chunk(2, "c".repeat(100), page3), chunk(0, "a".repeat(100), page1), chunk(1, "b".repeat(100), page2));
        assertEquals(List.of(new Location(Location.Unit.PAGE, 1, 2, null)), Citations.ofPreview("x", "x", 150, chunks));
    }

    @Test
    void shouldCountTheLinesOfATextFileWhoseChunksHaveNone() {
        String content = "---\ntitle: T\n---\n" + "long line ".repeat(300) + "\nlast\n";
        String body = content.substring(content.indexOf("long"));
        assertEquals(
                List.of(Location.lines(4, 5)), Citations.ofPreview(content, body, 5000, List.of(chunk(0, "x", null))));
    }

    @Test
    void shouldCiteNothingForAnEmptyBody() {
        assertEquals(List.of(), Citations.ofPreview("---\ntitle: T\n---\n", "", 2000, List.of(chunk(0, "", null))));
    }
}
