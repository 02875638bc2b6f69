package kb.query.search.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.search.es.ChunkDoc;

/**
 * BM25 of one document's passages with the document's own statistics, a pure function. The corpus's BM25 weighs
 * a word by its rarity in the corpus, which is what finds the document; among the document's own passages, the
 * word that names the document (its title, carried by every chunk, its subject, on every page) is rare in the
 * corpus and says nothing of which passage answers. Here a word weighs by its rarity among the document's passages
 * that hold any word of the question, and a pair of the question's words side by side counts as a word of its
 * own: the one page that says "page numbers" wins over the pages that say "JACoW".
 */
public final class DocumentBm25 {

    private static final double K1 = 1.2;
    private static final double B = 0.75;

    private DocumentBm25() {}

    /**
     * @param terms  the question's analysed terms, space-separated (as the index analyses text)
     * @param chunks the document's chunks that hold a term, with their analysed text ({@code lexicalText})
     * @return each chunk's score by id; empty when a chunk lacks its analysed text (an index of before it)
     */
    public static Map<String, Double> scores(String terms, List<ChunkDoc> chunks) {
        if (terms == null || chunks.isEmpty() || chunks.stream().anyMatch(c -> c.lexicalText() == null)) {
            return Map.of();
        }
        Set<String> query = new HashSet<>(withPairs(terms.split(" +")));
        Map<String, Map<String, Integer>> tfs = new HashMap<>();
        Map<String, Integer> lengths = new HashMap<>();
        Map<String, Integer> df = new HashMap<>();
        for (ChunkDoc chunk : chunks) {
            String[] words = chunk.lexicalText().split(" +");
            List<String> tokens = withPairs(words);
            Map<String, Integer> tf = new HashMap<>();
            for (String token : tokens) {
                if (query.contains(token)) {
                    tf.merge(token, 1, Integer::sum);
                }
            }
            tf.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            tfs.put(chunk.chunkId(), tf);
            lengths.put(chunk.chunkId(), words.length);
        }
        int n = tfs.size();
        double average =
                lengths.values().stream().mapToInt(Integer::intValue).average().orElse(1);
        Map<String, Double> scores = new HashMap<>();
        tfs.forEach((id, tf) -> {
            double norm = K1 * (1 - B + B * lengths.get(id) / average);
            double score = 0;
            for (Map.Entry<String, Integer> e : tf.entrySet()) {
                double idf = Math.log(1 + (n - df.get(e.getKey()) + 0.5) / (df.get(e.getKey()) + 0.5));
                score += idf * e.getValue() * (K1 + 1) / (e.getValue() + norm);
            }
            scores.put(id, score);
        });
        return scores;
    }

    /**
     * The words and each pair of neighbouring words: a pair of the question's words side by side in a passage
     * ("page numbers") is rarer in a document than either word, and says more of where the answer is.
     */
    static List<String> withPairs(String[] words) {
        List<String> tokens = new ArrayList<>(List.of(words));
        for (int i = 1; i < words.length; i++) {
            tokens.add(words[i - 1] + " " + words[i]);
        }
        return tokens;
    }
}
