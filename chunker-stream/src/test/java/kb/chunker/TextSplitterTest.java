package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextSplitterTest {

    @Test
    void shouldLeaveShortTextWhole() {
        assertEquals(List.of("short"), TextSplitter.split("short", 100));
    }

    @Test
    void shouldPreferParagraphBoundaries() {
        String text = "a".repeat(60) + "\n\n" + "b".repeat(60);
        assertEquals(List.of("a".repeat(60), "b".repeat(60)), TextSplitter.split(text, 100));
    }

    @Test
    void shouldSplitAtWordsNeverMidWordWhenWordsExist() {
        String text = "alpha beta gamma delta ".repeat(20);
        for (String part : TextSplitter.split(text, 50)) {
            assertTrue(part.length() <= 50);
            assertTrue(text.contains(part));
            assertTrue(part.matches("[a-z ]+") && !part.startsWith(" "));
            for (String word : part.split(" ")) {
                assertTrue(List.of("alpha", "beta", "gamma", "delta").contains(word), word);
            }
        }
    }

    @Test
    void shouldCutHardWhenThereIsNoBoundary() {
        List<String> parts = TextSplitter.split("x".repeat(250), 100);
        assertEquals(List.of("x".repeat(100), "x".repeat(100), "x".repeat(50)), parts);
    }
}
