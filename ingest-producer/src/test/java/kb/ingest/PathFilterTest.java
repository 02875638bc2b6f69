package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class PathFilterTest {

    private final PathFilter filter =
            new PathFilter(Set.copyOf(ProducerConfig.DEFAULT_EXTENSIONS), ProducerConfig.DEFAULT_EXCLUDES);

    @Test
    void shouldAcceptEveryDefaultFormat() {
        for (String path : new String[] {"a.md", "b/c.markdown", "d.txt", "e.yaml", "f.yml", "g.json", "h/i/j.py"}) {
            assertTrue(filter.acceptsFile(path), path);
        }
    }

    @Test
    void shouldSkipHiddenFilesAndFoldersAtAnyDepth() {
        assertFalse(filter.acceptsFile(".hidden/junk.md"));
        assertFalse(filter.acceptsFile("notes/.trash/x.md"));
        assertFalse(filter.acceptsFile("notes/.draft.md"));
        assertFalse(filter.acceptsDirectory(".obsidian"));
    }

    @Test
    void shouldSkipExcludedTreesAndOtherExtensions() {
        assertFalse(filter.acceptsFile("node_modules/pkg/readme.md"));
        assertFalse(filter.acceptsFile("app/node_modules/pkg/readme.md"));
        assertFalse(filter.acceptsFile("src/__pycache__/x.py"));
        assertFalse(filter.acceptsFile("image.png"));
        assertFalse(filter.acceptsDirectory("target"));
        assertTrue(filter.acceptsFile("targets.md"));
    }
}
