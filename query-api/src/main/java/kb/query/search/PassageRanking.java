package kb.query.search;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.core.Location;
import kb.search.es.ChunkDoc;

/**
 * A document's own passages ordered by their own evidence against the question, as a pure function: the
 * passage's BM25 score as a share of the document's best, and how far its cosine lies below the document's best
 * in its own vector field. The document's rank (its fused score) says which document answers; it says nothing of
 * which of its pages does, so the passage shown first (and cited) is the one whose own words and meaning answer.
 * A passage whose neighbour in the document (the next or previous chunk, the next or previous page) matches nearly
 * as well is shown with it, as one passage citing both.
 */
final class PassageRanking {

    /** Passages shown per document. */
    static final int SHOWN = 3;
    /** What each 0.1 of cosine below the document's best costs, against a BM25 score equal to its best (1). */
    static final double MEANING_WEIGHT = 0.5;
    /** A neighbour joins a passage when it has words of the question and scores at most this much below it. */
    static final double NEIGHBOUR_GAP = 0.35;
    /** Dot leaders as a table of contents draws them: six dots or more, spaced or not. */
    private static final Pattern DOT_LEADER = Pattern.compile("(?:\\. ?){6,}");
    /** Dot leaders that make a chunk a table of contents. */
    private static final int CONTENTS_LEADERS = 3;
    /** Cosines are read in tenths, as the evidence fusion reads them. */
    private static final double COSINE_UNIT = 0.1;
    /** A chunk the document's kNN did not return lies below all it did. */
    private static final double UNSEEN_COSINE_MARGIN = 0.02;

    /**
     * One chunk's own evidence.
     *
     * @param bm25   its BM25 score for the question, 0 when BM25 did not return it
     * @param field  the vector field its cosine is in, null when no kNN returned it
     * @param cosine its cosine similarity to the question in that field (meaningless when {@code field} is null)
     */
    record Evidence(ChunkDoc chunk, double bm25, String field, double cosine) {

        Evidence merge(Evidence other) {
            return new Evidence(
                    chunk,
                    Math.max(bm25, other.bm25),
                    field != null ? field : other.field,
                    field != null ? cosine : other.cosine);
        }
    }

    /**
     * A passage as scored.
     *
     * @param lead   the chunk it is ranked by
     * @param chunks the lead and the neighbours joined to it, in document order
     * @param score  the lead's own score
     */
    record Passage(ChunkDoc lead, List<ChunkDoc> chunks, double score) {}

    private PassageRanking() {}

    /**
     * The document's passages, best first, at most {@link #SHOWN}; each one's text is its chunks' in document order
     * and its location spans them.
     *
     * @param fusedScore a chunk's fused score, shown with it (null: the passage's own score)
     */
    static List<SearchResponse.ChunkResult> shown(List<Evidence> evidence, Map<String, Double> fusedScore) {
        return order(evidence).stream()
                .limit(SHOWN)
                .map(p -> result(p, fusedScore))
                .toList();
    }

    /** Every passage of the document, best first, neighbours that both match joined. */
    static List<Passage> order(List<Evidence> evidence) {
        Map<String, Evidence> byChunk = byChunk(evidence);
        Map<String, Double> scores = scores(evidence);
        TreeMap<Integer, Evidence> byOrdinal = new TreeMap<>();
        byChunk.values().forEach(e -> byOrdinal.put(e.chunk().ordinal(), e));
        List<Evidence> ranked = byChunk.values().stream()
                .sorted(Comparator.comparing((Evidence e) -> isContents(e.chunk()))
                        .thenComparing((Evidence e) -> scores.get(e.chunk().chunkId()), Comparator.reverseOrder())
                        .thenComparingInt(e -> e.chunk().ordinal()))
                .toList();
        List<Passage> passages = new ArrayList<>();
        for (Evidence lead : ranked) {
            if (!byOrdinal.containsKey(lead.chunk().ordinal())) {
                continue; // joined to a better passage already
            }
            byOrdinal.remove(lead.chunk().ordinal());
            double score = scores.get(lead.chunk().chunkId());
            List<ChunkDoc> chunks = new ArrayList<>(List.of(lead.chunk()));
            if (lead.bm25() > 0) {
                join(lead, -1, byOrdinal, scores, score).ifPresent(n -> chunks.add(0, n));
                join(lead, 1, byOrdinal, scores, score).ifPresent(chunks::add);
            }
            passages.add(new Passage(lead.chunk(), List.copyOf(chunks), score));
        }
        return passages;
    }

    /** The neighbour on one side, taken out of the pool, when it matches the question nearly as well as the lead. */
    private static Optional<ChunkDoc> join(
            Evidence lead, int side, TreeMap<Integer, Evidence> pool, Map<String, Double> scores, double score) {
        Evidence next = pool.get(lead.chunk().ordinal() + side);
        if (next == null
                || next.bm25() <= 0
                || isContents(next.chunk())
                || scores.get(next.chunk().chunkId()) < score - NEIGHBOUR_GAP
                || !adjoins(lead.chunk().location(), next.chunk().location())) {
            return Optional.empty();
        }
        pool.remove(next.chunk().ordinal());
        return Optional.of(next.chunk());
    }

    /**
     * Whether a chunk is a table of contents (dot leaders from heading to page number, several times): it names
     * every topic of the document and answers none, so it comes after the passages that do.
     */
    static boolean isContents(ChunkDoc chunk) {
        if (chunk.text() == null) {
            return false;
        }
        Matcher leaders = DOT_LEADER.matcher(chunk.text());
        int count = 0;
        while (leaders.find()) {
            if (++count == CONTENTS_LEADERS) {
                return true;
            }
        }
        return false;
    }

    /** Two locations one span can cite: same unit and part, and pages (lines, slides) that touch or overlap. */
    static boolean adjoins(Location a, Location b) {
        if (a == null || b == null) {
            return a == null && b == null;
        }
        return a.unit() == b.unit()
                && Objects.equals(a.part(), b.part())
                && b.start() <= a.end() + 1
                && a.start() <= b.end() + 1;
    }

    /**
     * Each chunk's own score: {@code bm25 / document's best bm25 + MEANING_WEIGHT × (cosine − best cosine of its
     * field in the document) / 0.1}. A chunk no kNN returned lies a margin below the lowest cosine the document's
     * search returned (its field's, or every field's).
     */
    static Map<String, Double> scores(List<Evidence> found) {
        Collection<Evidence> evidence = byChunk(found).values();
        double bestBm25 = evidence.stream().mapToDouble(Evidence::bm25).max().orElse(0);
        Map<String, double[]> fields = new HashMap<>(); // field -> {best, lowest}
        for (Evidence e : evidence) {
            if (e.field() != null) {
                fields.merge(e.field(), new double[] {e.cosine(), e.cosine()}, (a, b) ->
                        new double[] {Math.max(a[0], b[0]), Math.min(a[1], b[1])});
            }
        }
        double unseen = fields.values().stream()
                .mapToDouble(f -> f[1] - f[0] - UNSEEN_COSINE_MARGIN)
                .min()
                .orElse(0);
        Map<String, Double> scores = new HashMap<>();
        for (Evidence e : evidence) {
            double lexical = bestBm25 > 0 ? e.bm25() / bestBm25 : 0;
            double below = e.field() == null ? unseen : e.cosine() - fields.get(e.field())[0];
            scores.put(e.chunk().chunkId(), lexical + MEANING_WEIGHT * below / COSINE_UNIT);
        }
        return scores;
    }

    /** Each chunk's evidence from every search that returned it. */
    private static Map<String, Evidence> byChunk(List<Evidence> evidence) {
        Map<String, Evidence> byChunk = new HashMap<>();
        evidence.forEach(e -> byChunk.merge(e.chunk().chunkId(), e, Evidence::merge));
        return byChunk;
    }

    private static SearchResponse.ChunkResult result(Passage passage, Map<String, Double> fusedScore) {
        List<Location> spans = Location.spans(passage.chunks().stream()
                .map(c -> new Location.Placed(c.ordinal(), c.location()))
                .toList());
        String text = String.join(
                "\n\n", passage.chunks().stream().map(ChunkDoc::text).toList());
        Double fused = fusedScore.get(passage.lead().chunkId());
        return new SearchResponse.ChunkResult(
                text,
                passage.lead().sectionHeader(),
                fused != null ? fused : passage.score(),
                spans.size() == 1 ? spans.get(0) : passage.lead().location());
    }
}
