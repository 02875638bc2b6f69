package kb.query.search;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.query.search.terms.Script;
import kb.search.es.ChunkDoc;

/**
 * Which ranked documents are worth reading: those with evidence of their own. A document some arm returned only
 * because the arm fills its window (no word of the question in it, a cosine well below the best) is noise in the
 * list, and a page in another script than the question found by meaning alone is the other script's model finding
 * "something": it is shown only with words of the question (BM25) or a keyword (L0) of its own.
 */
final class WorthReading {

    /**
     * A document without words of the question is shown when its best cosine lies at most this far below the best
     * of its vector field.
     */
    static final double NEAR_COSINE = 0.05;

    private final Script script;
    private final Set<String> lexical;
    private final Set<String> near;

    private WorthReading(Script script, Set<String> lexical, Set<String> near) {
        this.script = script;
        this.lexical = lexical;
        this.near = near;
    }

    /** The evidence each document has: words (BM25 or L0) and cosines near their field's best (own model only). */
    static WorthReading of(Fusion.Input input) {
        Set<String> lexical = new HashSet<>();
        input.specific().forEach(c -> lexical.add(c.docId()));
        input.generic().forEach(c -> lexical.add(c.docId()));
        input.hits().bm25().forEach(c -> lexical.add(c.docId()));
        return new WorthReading(
                input.question().script(),
                lexical,
                near(input.hits().vector(), input.hits().vectorScores(), input));
    }

    private static Set<String> near(List<ChunkDoc> chunks, List<Double> cosines, Fusion.Input input) {
        Map<String, Double> best = new HashMap<>();
        int n = Math.min(chunks.size(), cosines.size());
        for (int i = 0; i < n; i++) {
            best.merge(input.vectorFields().apply(chunks.get(i)), cosines.get(i), Math::max);
        }
        Set<String> near = new HashSet<>();
        for (int i = 0; i < n; i++) {
            if (cosines.get(i) >= best.get(input.vectorFields().apply(chunks.get(i))) - NEAR_COSINE) {
                near.add(chunks.get(i).docId());
            }
        }
        return near;
    }

    /**
     * @param best the document's best chunk, whose script is the document's
     */
    boolean admits(ChunkDoc best) {
        if (lexical.contains(best.docId())) {
            return true;
        }
        return near.contains(best.docId()) && Script.of(textOf(best)) == script;
    }

    private static String textOf(ChunkDoc chunk) {
        return chunk.text() != null ? chunk.text() : chunk.enrichedText() == null ? "" : chunk.enrichedText();
    }
}
