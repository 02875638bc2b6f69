package kb.query.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kb.query.l0.L0Hit;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.RareTerms;
import kb.search.es.ChunkDoc;

/**
 * Why a document ranked where it did, in words a user can check: the specific or generic keyword it carries,
 * the question's rare terms its text holds, and its best rank in the BM25 and vector arms.
 */
final class RankReasons {

    private final ArmHits hits;
    private final Map<String, L0Hit> specific = new HashMap<>();
    private final Map<String, L0Hit> generic = new HashMap<>();
    private final List<String> rareTerms;

    RankReasons(ArmHits hits, KeywordSpecificity.L0Evidence evidence) {
        this.hits = hits;
        evidence.specific().forEach(h -> specific.put(h.docId(), h));
        evidence.generic().forEach(h -> generic.put(h.docId(), h));
        this.rareTerms = RareTerms.of(hits.corpus());
    }

    List<String> of(String docId) {
        List<String> reasons = new ArrayList<>();
        if (specific.containsKey(docId)) {
            reasons.add(
                    "specific keyword: " + String.join(", ", specific.get(docId).matchedKeywords()));
        } else if (generic.containsKey(docId)) {
            L0Hit hit = generic.get(docId);
            boolean tagsOnly = hit.keywords().stream().allMatch(L0Hit.KeywordMatch::tag);
            reasons.add((tagsOnly ? "tag: " : "generic keyword: ") + String.join(", ", hit.matchedKeywords()));
        }
        int bm25 = firstRank(hits.bm25(), docId);
        if (bm25 >= 0) {
            String text = hits.bm25().get(bm25).enrichedText().toLowerCase(Locale.ROOT);
            List<String> held = rareTerms.stream().filter(text::contains).toList();
            if (!held.isEmpty()) {
                reasons.add("rare terms: " + String.join(", ", held));
            }
            reasons.add("bm25 rank " + (bm25 + 1));
        }
        int vector = firstRank(hits.vector(), docId);
        if (vector >= 0) {
            reasons.add(String.format(
                    Locale.ROOT,
                    "vector rank %d (cosine %.3f)",
                    vector + 1,
                    hits.vectorScores().isEmpty()
                            ? Double.NaN
                            : hits.vectorScores().get(vector)));
        }
        return reasons;
    }

    private static int firstRank(List<ChunkDoc> chunks, String docId) {
        for (int i = 0; i < chunks.size(); i++) {
            if (chunks.get(i).docId().equals(docId)) {
                return i;
            }
        }
        return -1;
    }
}
