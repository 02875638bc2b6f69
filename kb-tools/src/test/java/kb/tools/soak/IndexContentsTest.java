package kb.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexContentsTest {

    @Test
    void shouldFindNoDifferenceWhenBothIndexesHoldTheSame() {
        IndexContents index = new IndexContents(Map.of("soak/a.md", "h1"), Map.of("soak/a.md#0", "text=x"));
        assertEquals(List.of(), index.differences(new IndexContents(index.documents(), index.chunks())));
    }

    @Test
    void shouldNameEachDocumentAndChunkWhenTheIndexesDiffer() {
        IndexContents soak = new IndexContents(
                Map.of("soak/a.md", "h1", "soak/gone.md", "h2"),
                Map.of("soak/a.md#0", "location=1-3 text=old", "soak/gone.md#0", "text=y"));
        IndexContents rebuild = new IndexContents(
                Map.of("soak/a.md", "h1", "soak/new.md", "h3"),
                Map.of("soak/a.md#0", "location=1-4 text=new", "soak/new.md#0", "text=z"));
        List<String> differences = soak.differences(rebuild);
        assertEquals(5, differences.size(), differences.toString());
        assertTrue(differences.contains("document only in soak: soak/gone.md h2"), differences.toString());
        assertTrue(differences.contains("document only in rebuild: soak/new.md h3"), differences.toString());
        assertTrue(
                differences.stream().anyMatch(d -> d.startsWith("chunk differs: soak/a.md#0") && d.contains("1-4")),
                differences.toString());
    }
}
