package kb.chunker;

import java.util.ArrayList;
import java.util.List;

/**
 * Enforces the hard cap on chunk size: an oversize text is cut at the nearest paragraph, line, sentence or
 * word boundary before the cap, and mid-word only when there is no boundary at all.
 *
 * <p>Linear in the text's length: it walks one index through the text and never copies the remainder,
 * and each boundary search looks back at most one chunk (a 2 MB single-line file took seconds when every
 * cut copied the rest of the text and searched back to its start).
 */
public final class TextSplitter {

    private static final String[] BOUNDARIES = {"\n\n", "\n", ". ", "! ", "? ", "。", "; ", " "};

    private TextSplitter() {}

    public static List<String> split(String text, int maxChars) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        int end = text.length();
        boolean cut = false;
        while (end - start > maxChars) {
            int at = start + cutPoint(text, start, maxChars);
            String head = text.substring(start, at).strip();
            if (!head.isEmpty()) {
                parts.add(head);
            }
            if (!cut) {
                // The remainder is stripped at both ends once something was cut, as a whole text never is.
                end = strippedEnd(text, at);
                cut = true;
            }
            start = skipWhitespace(text, at, end);
        }
        String rest = text.substring(start, end);
        if (!rest.isEmpty() || parts.isEmpty()) {
            parts.add(rest);
        }
        return parts;
    }

    /** Length of the head to cut from {@code start}: the end of the strongest boundary that fits, else the cap. */
    private static int cutPoint(String text, int start, int maxChars) {
        for (String boundary : BOUNDARIES) {
            // A boundary in the first fifth would make a crumb; look for a weaker one instead.
            int at = lastIndexOf(text, boundary, start + maxChars - boundary.length(), start + maxChars / 5 + 1);
            if (at >= 0) {
                return at - start + boundary.length();
            }
        }
        return Character.isHighSurrogate(text.charAt(start + maxChars - 1)) ? maxChars - 1 : maxChars;
    }

    /** Like {@link String#lastIndexOf(String, int)}, but never looks before {@code floor}: -1 then. */
    private static int lastIndexOf(String text, String boundary, int from, int floor) {
        for (int i = from; i >= floor; i--) {
            if (text.startsWith(boundary, i)) {
                return i;
            }
        }
        return -1;
    }

    private static int skipWhitespace(String text, int from, int end) {
        int i = from;
        while (i < end) {
            int cp = text.codePointAt(i);
            if (!Character.isWhitespace(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    private static int strippedEnd(String text, int floor) {
        int i = text.length();
        while (i > floor) {
            int cp = text.codePointBefore(i);
            if (!Character.isWhitespace(cp)) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return i;
    }
}
