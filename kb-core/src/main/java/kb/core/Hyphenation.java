package kb.core;

import java.util.Locale;
import java.util.Set;

/**
 * A hyphen where a PDF's text breaks (a line's end in the producer, a column's or page's end in the chunker): the
 * typesetter's, to be removed ({@code au-} + {@code thors}), or the word's own, to be kept ({@code two-} +
 * {@code column}). Decided from the document's own words, the same way at every break.
 */
public final class Hyphenation {

    private Hyphenation() {}

    /**
     * @param hyphen     the hyphen character ending {@code body}'s line (a soft hyphen is never the word's own)
     * @param body       the text before the hyphen
     * @param next       the text after the break
     * @param vocabulary the document's words in lower case, compounds and their halves included
     * @return whether the hyphen is the word's own: the document never writes the word whole, and writes it with
     *     the hyphen, or uses both halves as words, or the next part starts with a capital
     */
    public static boolean isCompound(char hyphen, String body, String next, Set<String> vocabulary) {
        String left = trailingLetters(body).toLowerCase(Locale.ROOT);
        String right = leadingLetters(next).toLowerCase(Locale.ROOT);
        return hyphen != '\u00AD'
                && !vocabulary.contains(left + right)
                && (vocabulary.contains(left + "-" + right)
                        || !next.isEmpty() && Character.isUpperCase(next.charAt(0))
                        || vocabulary.contains(left) && vocabulary.contains(right));
    }

    private static String trailingLetters(String s) {
        int i = s.length();
        while (i > 0 && Character.isLetter(s.charAt(i - 1))) {
            i--;
        }
        return s.substring(i);
    }

    private static String leadingLetters(String s) {
        int i = 0;
        while (i < s.length() && Character.isLetter(s.charAt(i))) {
            i++;
        }
        return s.substring(0, i);
    }
}
