package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The reference words of a page: what counts as intact and what does not. */
class PdfWordsIntactTest {

    @Test
    void shouldCountTheJoinedWordAndNotItsHalvesWhenPdftotextBreaksItAtALineEnd() {
        Set<String> page = PdfWordsIntact.pageWords("the schedul-\ning of tasks", Set.of("the", "of", "tasks"));
        assertTrue(page.contains("scheduling"));
        assertFalse(page.contains("schedul"));
        assertFalse(page.contains("ing"));
        assertFalse(page.contains("thescheduling"));
    }

    @Test
    void shouldKeepTheHalvesOfACompoundWhenTheDocumentHasThemElsewhere() {
        Set<String> page = PdfWordsIntact.pageWords("a two-\ncolumn page", Set.of("two", "column", "page"));
        assertTrue(page.contains("two"));
        assertTrue(page.contains("column"));
    }
}
