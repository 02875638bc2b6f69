package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import kb.chunker.format.JsonChunker;
import kb.chunker.format.PlainTextChunker;
import kb.chunker.format.Section;
import kb.chunker.format.YamlChunker;
import org.junit.jupiter.api.Test;

class StructuredChunkersTest {

    @Test
    void shouldSplitYamlDocumentsOnSeparators() {
        String yaml = "kind: Deployment\nspec:\n  replicas: 2\n---\nkind: Service\nspec:\n  port: 80\n";
        List<Section> sections = new YamlChunker(1200).sections(yaml, "t");
        // Small neighbours merge, but never across a document separator.
        assertEquals(
                List.of(
                        new Section("kind, spec", "kind: Deployment\nspec:\n  replicas: 2"),
                        new Section("kind, spec", "kind: Service\nspec:\n  port: 80")),
                sections);
    }

    @Test
    void shouldSplitATopLevelJsonArrayOnElementsNamedByTheirName() {
        String json = "[{\"name\": \"alpha\", \"v\": \"" + "a".repeat(250) + "\"}, {\"id\": 7, \"v\": \""
                + "b".repeat(250) + "\"}]";
        List<Section> sections = new JsonChunker(1200, new PlainTextChunker(1200)).sections(json, "t");
        assertEquals(
                List.of("alpha", "7"), sections.stream().map(Section::header).toList());
    }

    @Test
    void shouldIndexInvalidJsonAsText() {
        List<Section> sections = new JsonChunker(1200, new PlainTextChunker(1200)).sections("{not json", "t");
        assertEquals(List.of(new Section(null, "{not json")), sections);
    }
}
