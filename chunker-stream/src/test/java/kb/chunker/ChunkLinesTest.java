package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import kb.core.Chunk;
import kb.core.DocumentChunks;
import org.junit.jupiter.api.Test;

/** Every chunk knows its lines in the file as it is on disk (1-based, frontmatter counted), in every text format. */
class ChunkLinesTest {

    private static List<Chunk> chunks(String path, String content) {
        DocumentChunks document = new DocumentAssembler(1200).assemble(DocumentAssemblerTest.event(path, content));
        return document.chunks();
    }

    private static List<Integer> lines(Chunk chunk) {
        return List.of(chunk.location().start(), chunk.location().end());
    }

    @Test
    void shouldCountTheFrontmatterAndSkipHeadingsInMarkdown() {
        List<Chunk> chunks = chunks(
                "a.md",
                """
                ---
                title: Runbook
                ---
                # Runbook

                Intro line one.
                Intro line two.

                ## Restart

                Run the restart [[script|script]].
                Check the logs.
                """);
        assertEquals(List.of(6, 7), lines(chunks.get(0)));
        assertEquals(List.of(11, 12), lines(chunks.get(1)));
    }

    @Test
    void shouldLocateYamlPythonAndTextChunks() {
        List<Chunk> yaml = chunks("c.yaml", "services:\n  web:\n    image: nginx\nvolumes:\n  data: {}\n");
        assertEquals(1, yaml.get(0).location().start());
        assertEquals(5, yaml.get(yaml.size() - 1).location().end());
        List<Chunk> python = chunks("s.py", "import os\n\n\ndef main():\n    print(os.getcwd())\n");
        assertEquals(5, python.get(python.size() - 1).location().end());
        List<Chunk> text = chunks("n.txt", "first paragraph\n\nsecond paragraph\n");
        assertEquals(1, text.get(0).location().start());
        assertEquals(3, text.get(text.size() - 1).location().end());
    }

    @Test
    void shouldMoveTheLinesOfAnUnchangedChunkWhenLinesAreAddedAboveIt() {
        String before = "# T\n\n## A\n\nalpha text\n\n## B\n\nbeta text\n";
        String after = "# T\n\n## A\n\nalpha text\nmore alpha\nand more\n\n## B\n\nbeta text\n";
        Chunk beta = chunks("m.md", before).get(1);
        Chunk moved = chunks("m.md", after).get(1);
        assertEquals(beta.chunkId(), moved.chunkId(), "same text, same id: its vector is kept");
        assertEquals(List.of(9, 9), lines(beta));
        assertEquals(List.of(11, 11), lines(moved));
    }

    @Test
    void shouldGiveNoLinesToTextThatIsNotTheFilesOwn() {
        Chunk json = chunks("d.json", "{\"a\": {\"b\": 1}}").get(0);
        assertNull(json.location());
    }
}
