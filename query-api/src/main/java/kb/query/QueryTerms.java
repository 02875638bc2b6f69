package kb.query;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The content terms of a question: its words without English function words, CJK ideographs one by one
 * (as the index's standard tokenizer sees them). They are what the BM25 arm searches, and they decide
 * whether a chunk is lexical evidence for the honesty gate.
 */
public final class QueryTerms {

    private static final Set<String> STOPWORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "could", "did", "do", "does", "for",
            "from", "had", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of",
            "on", "or", "our", "should", "so", "that", "the", "their", "then", "there", "these", "they", "this",
            "to", "was", "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would",
            "you", "your", "about", "any", "all", "some", "get", "got", "set", "use", "using", "make", "made",
            "tell", "show", "find", "know", "please", "need", "want", "way", "between", "good", "best");

    private QueryTerms() {
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

    /** The BM25 query text, or null when the question has no content term at all. */
    public static String lexicalQuery(String query) {
        List<String> terms = contentTerms(query);
        return terms.isEmpty() ? null : String.join(" ", terms);
    }

    /**
     * Whether a text is lexical evidence for the question: it holds all content terms of a one- or
     * two-term question, and three quarters (rounded down) of a longer one, like Elasticsearch's
     * {@code minimum_should_match: "2<75%"}. One shared common word is not evidence.
     */
    public static boolean isEvidence(List<String> contentTerms, String text) {
        if (contentTerms.isEmpty()) {
            return false;
        }
        Set<String> words = new HashSet<>(tokens(text));
        long present = contentTerms.stream().filter(words::contains).count();
        int n = contentTerms.size();
        long required = n <= 2 ? n : (long) Math.floor(n * 0.75);
        return present >= required;
    }

    /** Lower-cased NFKC words split on anything but letters, digits and underscore; CJK one by one. */
    static List<String> tokens(String text) {
        String normalized = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        List<String> tokens = new ArrayList<>();
        for (String token : normalized.split("[^\\p{L}\\p{N}_]+")) {
            StringBuilder word = new StringBuilder();
            for (int i = 0; i < token.length(); i++) {
                char c = token.charAt(i);
                if (kb.query.l0.KeywordIndex.isCjk(c)) {
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
