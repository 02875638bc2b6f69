package kb.query;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The content terms of a question: its words without English function words. They decide whether
 * anything in the index matches the question lexically (half of the honesty gate), and they are what the
 * BM25 arm searches, so "how", "did" and "I" do not make every note a match.
 */
public final class QueryTerms {

    private static final Set<String> STOPWORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "could", "did", "do", "does", "for",
            "from", "had", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of",
            "on", "or", "our", "should", "so", "that", "the", "their", "then", "there", "these", "they", "this",
            "to", "was", "we", "were", "what", "when", "where", "which", "who", "why", "will", "with", "would",
            "you", "your", "about", "any", "all", "some", "get", "got", "set", "use", "using", "make", "made",
            "tell", "show", "find", "know", "please", "need", "want", "way");

    private QueryTerms() {
    }

    public static List<String> contentTerms(String query) {
        String normalized = Normalizer.normalize(query, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        List<String> terms = new ArrayList<>();
        for (String token : normalized.split("[^\\p{L}\\p{N}_]+")) {
            if (!token.isEmpty() && !STOPWORDS.contains(token)) {
                terms.add(token);
            }
        }
        return terms;
    }

    /** The BM25 query text, or null when the question has no content term at all. */
    public static String lexicalQuery(String query) {
        List<String> terms = contentTerms(query);
        return terms.isEmpty() ? null : String.join(" ", terms);
    }
}
