package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
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

    @Test
    void shouldSplitTheSameWayAsCuttingAndStrippingTheRestWhenTextIsPadded() {
        String text = "  \n" + "word ".repeat(90) + "\n\n  " + "x".repeat(130) + "  \n ";
        assertEquals(naiveSplit(text, 100), TextSplitter.split(text, 100));
    }

    @Test
    void shouldSplitAFourMegabyteSingleLineInLinearTimeWhenItHasNoBoundary() {
        TextSplitter.split("a".repeat(200_000), 1200); // warm-up, so the figure is the algorithm's
        String line = "a".repeat(4_000_000);
        long start = System.nanoTime();
        List<String> parts = TextSplitter.split(line, 1200);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(3334, parts.size());
        // Copying the remainder at every cut took over 10 s for this; one pass is well under a second.
        assertTrue(millis < 4000, millis + " ms");
    }

    /** The former algorithm, kept as the reference the linear one must agree with. */
    private static List<String> naiveSplit(String text, int maxChars) {
        List<String> parts = new ArrayList<>();
        String rest = text;
        while (rest.length() > maxChars) {
            int cut = -1;
            for (String boundary : new String[] {"\n\n", "\n", ". ", "! ", "? ", "\u3002", "; ", " "}) {
                int at = rest.lastIndexOf(boundary, maxChars - boundary.length());
                if (at > maxChars / 5) {
                    cut = at + boundary.length();
                    break;
                }
            }
            if (cut < 0) {
                cut = Character.isHighSurrogate(rest.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
            }
            String head = rest.substring(0, cut).strip();
            if (!head.isEmpty()) {
                parts.add(head);
            }
            rest = rest.substring(cut).strip();
        }
        if (!rest.isEmpty() || parts.isEmpty()) {
            parts.add(rest);
        }
        return parts;
    }
}
