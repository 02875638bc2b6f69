package kb.chunker;

import java.util.ArrayList;
import java.util.List;

/**
 * Enforces the hard cap on chunk size: an oversize text is cut at the nearest paragraph, line, sentence or
 * word boundary before the cap, and mid-word only when there is no boundary at all.
 */
public final class TextSplitter {

    private static final String[] BOUNDARIES = {"\n\n", "\n", ". ", "! ", "? ", "。", "; ", " "};

    private TextSplitter() {
    }

    public static List<String> split(String text, int maxChars) {
        List<String> parts = new ArrayList<>();
        String rest = text;
        while (rest.length() > maxChars) {
            int cut = cutPoint(rest, maxChars);
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

    /** The end of the last boundary that fits, preferring the strongest kind; the cap when none fits. */
    private static int cutPoint(String text, int maxChars) {
        for (String boundary : BOUNDARIES) {
            int at = text.lastIndexOf(boundary, maxChars - boundary.length());
            // A boundary in the first fifth would make a crumb; look for a weaker one instead.
            if (at > maxChars / 5) {
                return at + boundary.length();
            }
        }
        return Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
    }
}
