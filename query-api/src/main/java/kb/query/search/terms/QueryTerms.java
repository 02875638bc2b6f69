package kb.query.search.terms;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import kb.query.l0.KeywordIndex;

/**
 * The content terms of a question: its words without English function words, CJK ideographs one by one
 * (as the index's standard tokenizer sees them). They are what the BM25 arm searches, and they decide
 * whether a chunk is lexical evidence for the honesty gate.
 */
public final class QueryTerms {

    private static final Set<String> STOPWORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "could", "did", "do", "does", "for", "from",
            "had", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of", "on", "or",
            "our", "should", "so", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "we",
            "were", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your", "about",
            "any", "all", "some", "get", "got", "set", "use", "using", "make", "made", "tell", "show", "find", "know",
            "please", "need", "want", "way", "between", "good", "best");

    private QueryTerms() {}

    /**
     * The form of a question every arm and the gate see: NFKC ({@code ＴＳＤＢ} is {@code TSDB}) but for Chinese
     * full-width punctuation, case kept for the vectors (the lexical arm and L0 fold case themselves), surrounding
     * blanks removed.
     */
    public static String normalForm(String query) {
        StringBuilder out = new StringBuilder(query.length());
        int segment = 0;
        for (int at = 0; at < query.length(); at = query.offsetByCodePoints(at, 1)) {
            int c = query.codePointAt(at);
            if (isCjkPunctuation(c)) {
                out.append(Normalizer.normalize(query.substring(segment, at), Normalizer.Form.NFKC))
                        .appendCodePoint(c);
                segment = at + Character.charCount(c);
            }
        }
        return out.append(Normalizer.normalize(query.substring(segment), Normalizer.Form.NFKC))
                .toString()
                .strip();
    }

    /**
     * Full-width punctuation, which Chinese text is written with: NFKC would make it ASCII, and the Chinese model, trained on them, then embeds another sentence (a question ending in {@code ？}
     * ranked its page lower with {@code ?}). Full-width letters and digits ({@code ＴＳＤＢ}) are still folded.
     */
    private static boolean isCjkPunctuation(int c) {
        return (c >= 0xFF01 && c <= 0xFF0F)
                || (c >= 0xFF1A && c <= 0xFF20)
                || (c >= 0xFF3B && c <= 0xFF40)
                || (c >= 0xFF5B && c <= 0xFF65);
    }

    /** Whether a lower-cased word is one of the English function words no arm searches for. */
    public static boolean isStopword(String word) {
        return STOPWORDS.contains(word);
    }

    public static List<String> contentTerms(String query) {
        Set<String> terms = new LinkedHashSet<>();
        for (String token : tokens(query)) {
            if (!STOPWORDS.contains(token)) {
                terms.add(token);
            }
        }
        return List.copyOf(terms);
    }

    /**
     * The BM25 query text: the question's words without English stop words, each CJK run kept whole, so that the
     * lexical analyser still sees which characters are adjacent (its bigrams are the Chinese words; a run split
     * into single characters has none). Null when the question has no content term at all.
     */
    public static String lexicalQuery(String query) {
        List<String> words =
                words(query).stream().filter(w -> !STOPWORDS.contains(w)).toList();
        return words.isEmpty() ? null : String.join(" ", words);
    }

    /**
     * The units a question is matched by for the honesty gate: its content words, with each run of CJK
     * characters as its two-character words (bigrams). Single ideographs are too common to be evidence
     * (an off-topic cooking question shares most of its characters with any long Chinese page), bigrams much
     * less so.
     */
    public static List<String> evidenceUnits(String query) {
        Set<String> units = new LinkedHashSet<>();
        for (String word : words(query)) {
            if (!STOPWORDS.contains(word)) {
                units.addAll(bigrams(word));
            }
        }
        return List.copyOf(units);
    }

    /**
     * Whether a text is lexical evidence for the question. A question in Latin script: the text holds all
     * units of a one- or two-unit question, and three quarters (rounded down) of a longer one, like
     * Elasticsearch's {@code minimum_should_match: "2<75%"}; one shared common word is not evidence. A question
     * mostly in CJK script: the text holds at least a fifth of its units (on kb-scenarios-dev, on-topic Chinese
     * questions held 21-50% of their two-character words in their best BM25 chunk, off-topic ones 10-15%).
     */
    public static boolean isEvidence(List<String> units, Script script, String text) {
        if (units.isEmpty()) {
            return false;
        }
        Set<String> present = new HashSet<>();
        for (String word : words(text)) {
            present.addAll(bigrams(word));
        }
        long held = units.stream().filter(present::contains).count();
        int n = units.size();
        if (script == Script.CJK) {
            return held * CJK_EVIDENCE_DIVISOR >= n;
        }
        long required = n <= 2 ? n : (long) Math.floor(n * 0.75);
        return held >= required;
    }

    /** A CJK question is evidenced by a text holding at least 1 / this of its units. */
    private static final int CJK_EVIDENCE_DIVISOR = 5;

    /** Lower-cased NFKC words split on anything but letters, digits and underscore (CJK runs kept whole). */
    private static List<String> words(String text) {
        String normalized = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>();
        for (String token : normalized.split("[^\\p{L}\\p{N}_]+")) {
            int i = 0;
            while (i < token.length()) {
                boolean cjk = KeywordIndex.isCjk(token.charAt(i));
                int j = i + 1;
                while (j < token.length() && KeywordIndex.isCjk(token.charAt(j)) == cjk) {
                    j++;
                }
                words.add(token.substring(i, j));
                i = j;
            }
        }
        return words;
    }

    /** A CJK run as its overlapping two-character words (a single character as itself); other words as they are. */
    private static List<String> bigrams(String word) {
        if (word.length() < 2 || !KeywordIndex.isCjk(word.charAt(0))) {
            return List.of(word);
        }
        List<String> bigrams = new ArrayList<>(word.length() - 1);
        for (int i = 0; i + 1 < word.length(); i++) {
            bigrams.add(word.substring(i, i + 2));
        }
        return bigrams;
    }

    /** Lower-cased NFKC words split on anything but letters, digits and underscore; CJK one by one. */
    static List<String> tokens(String text) {
        String normalized = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        List<String> tokens = new ArrayList<>();
        for (String token : normalized.split("[^\\p{L}\\p{N}_]+")) {
            StringBuilder word = new StringBuilder();
            for (int i = 0; i < token.length(); i++) {
                char c = token.charAt(i);
                if (KeywordIndex.isCjk(c)) {
                    flush(tokens, word);
                    tokens.add(String.valueOf(c));
                } else {
                    word.append(c);
                }
            }
            flush(tokens, word);
        }
        return tokens;
    }

    private static void flush(List<String> tokens, StringBuilder word) {
        if (word.length() > 0) {
            tokens.add(word.toString());
            word.setLength(0);
        }
    }
}
