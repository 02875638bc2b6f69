package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import kb.chunker.format.MarkdownChunker;
import kb.chunker.format.Section;
import org.junit.jupiter.api.Test;

class MarkdownChunkerTest {

    @Test
    void shouldNotReadHeadingsInsideFencedCode() {
        String md = "# T\n\n## Build\n\n```bash\n# not a heading\nmake\n```\n\n## Run\n\ngo\n";
        List<Section> sections = new MarkdownChunker().sections(md, "T");
        assertEquals(2, sections.size());
        assertEquals("Build", sections.get(0).header());
        assertEquals("```bash\n# not a heading\nmake\n```", sections.get(0).text());
        assertEquals("Run", sections.get(1).header());
    }

    @Test
    void shouldKeepATopHeadingThatDiffersFromTheTitle() {
        List<Section> sections = new MarkdownChunker().sections("# Other\n\ntext\n", "Title");
        assertEquals("Other", sections.get(0).header());
    }

    @Test
    void shouldPopDeeperHeadingsWhenAShallowerOneStarts() {
        String md = "## A\n\n### B\n\nb text\n\n## C\n\nc text\n";
        List<Section> sections = new MarkdownChunker().sections(md, "T");
        assertEquals("A > B", sections.get(0).header());
        assertEquals("C", sections.get(1).header());
    }
}
