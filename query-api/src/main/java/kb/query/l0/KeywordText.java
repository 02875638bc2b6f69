package kb.query.l0;

import java.text.Normalizer;
import java.util.Locale;
import kb.search.embed.Embeddings;

/** How L0 compares text: NFKC, lower case (root locale), and what counts as a word boundary. */
final class KeywordText {

    private KeywordText() {}

    static String normalize(String text) {
        // ASCII is its own NFKC form: a question in plain ASCII skips the normaliser (most of an L0 lookup's time).
        String nfkc = isAscii(text) ? text : Normalizer.normalize(text, Normalizer.Form.NFKC);
        return nfkc.toLowerCase(Locale.ROOT).strip();
    }

    private static boolean isAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** Ideographs, kana and hangul match as substrings: these scripts do not separate words by spaces. */
    static boolean isCjk(char c) {
        return Embeddings.isCjk(c); // one definition for L0, the gate's script and the model choice
    }

    /** Letters and digits (outside CJK) make words; everything else, underscore included, separates them. */
    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) && !isCjk(c);
    }

    /**
     * Whether the character at {@code i} is part of a word: a letter or digit, or a {@code .} or {@code /} between two
     * of them, which joins a file name or a path ({@code examples.desktop}, {@code etc/hosts}) so that a keyword never
     * matches a piece of one ({@code desktop} in {@code examples.desktop}). {@code _} and {@code -} keep separating:
     * a keyword {@code chaitin-waf} is rightly found in the header {@code X-APISIX-CHAITIN-WAF-ERROR}.
     */
    static boolean inWord(String text, int i) {
        char c = text.charAt(i);
        if (isWordChar(c)) {
            return true;
        }
        return (c == '.' || c == '/')
                && i > 0
                && i + 1 < text.length()
                && isWordChar(text.charAt(i - 1))
                && isWordChar(text.charAt(i + 1));
    }

    /** {@link #inWord} of each character, computed once per question. */
    static boolean[] wordChars(String text) {
        boolean[] word = new boolean[text.length()];
        for (int i = 0; i < word.length; i++) {
            word[i] = inWord(text, i);
        }
        return word;
    }

    /**
     * Whether {@code text[start, end)} stands as a whole word: an end whose character is a word character
     * must not continue into another word character. CJK ends need no boundary.
     */
    static boolean atBoundaries(String text, int start, int end) {
        boolean startOk = !isWordChar(text.charAt(start)) || start == 0 || !inWord(text, start - 1);
        boolean endOk = !isWordChar(text.charAt(end - 1)) || end == text.length() || !inWord(text, end);
        return startOk && endOk;
    }
}
