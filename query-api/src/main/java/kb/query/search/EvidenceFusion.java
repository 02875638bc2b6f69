package kb.query.search;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import kb.query.config.EvidenceWeights;
import kb.query.search.terms.NamedVersions;
import kb.query.search.terms.QueryTerms;
import kb.query.search.terms.Question;
import kb.search.es.ChunkDoc;

/**
 * Fusion by weighed evidence: a document scores what each arm says of it, measured against that arm's best
 * answer to the question, plus its keywords and title. Ranks alone (RRF) throw away how sure an arm is: a BM25
 * first place that scores five times the second is strong evidence, one that scores 1.01 times it is not, and a
 * vector hit 0.01 of cosine below the best is nearly as good as the best.
 *
 * <p>Each chunk scores {@code lexical × bm25 / bestBm25 + meaning × 10 × (cosine − bestCosine) + keyword ×
 * [L0 matched its document] + specificKeyword × [by a specific keyword] + title × [share of the question's words
 * in its document's title] + title × [its title or path carries a version or year the question names]}; a chunk an arm
 * did not return counts 0 there (BM25) or a little below the lowest cosine its vector field returned (each field is
 * measured against its own best: cosines of two models are not comparable). A document scores
 * the sum of its best lexical and best meaning evidence (they may come from different chunks) and its keyword
 * and title evidence.
 */
final class EvidenceFusion {

    /** Cosines are read in tenths: the weights stay near 1 for a difference that matters. */
    private static final double COSINE_UNIT = 0.1;
    /** A chunk the vector arm did not return lies below all it did; the other script's model's best, below the question's own. */
    private static final double UNSEEN_COSINE_MARGIN = 0.02;
    /** How far below its best includer a fragment ranks: just after it, as a part of that page. */
    private static final double FRAGMENT_MARGIN = 1e-6;

    /**
     * The fused scores: of each chunk (orders a document's chunks) and of each document (orders documents).
     *
     * @param included each document scored with the evidence of a fragment it includes, and that fragment
     */
    public record Scores(Map<String, Double> chunks, Map<String, Double> documents, Map<String, String> included) {

        public Scores(Map<String, Double> chunks, Map<String, Double> documents) {
            this(chunks, documents, Map.of());
        }
    }

    /** The documents L0 matched ({@code all}) and those of them matched by a specific keyword. */
    public record KeywordDocuments(Set<String> all, Set<String> specific) {

        public static final KeywordDocuments NONE = new KeywordDocuments(Set.of(), Set.of());
    }

    private EvidenceFusion() {}

    /**
     * @param question   the question (its evidence units are matched against titles)
     * @param keywords   the documents L0 matched, and those of them matched by a specific keyword
     * @param candidates every chunk to score (all arms' hits, L0's chunks included)
     * @param fieldOf    the vector field a chunk is embedded in (its model's space)
     * @param includers  for each include fragment among the candidates, the documents that include it
     *                   ({@code IncludeFragments}): each of them present scores the fragment's evidence where it is
     *                   better than its own, and the fragment ranks after them
     */
    public static Scores fuse(
            Question question,
            ArmHits hits,
            KeywordDocuments keywords,
            List<ChunkDoc> candidates,
            EvidenceWeights w,
            Function<ChunkDoc, String> fieldOf,
            Map<String, Set<String>> includers) {
        Map<String, Double> bm25 = scores(hits.bm25(), hits.bm25Scores());
        double bestBm25 =
                bm25.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
        Meaning meaning = Meaning.of(hits, fieldOf, w.crossMeaning());
        Set<String> words = new HashSet<>(question.units());
        NamedVersions versions = NamedVersions.of(question.asked());
        Map<String, Double> chunks = new HashMap<>();
        Map<String, Double> lexical = new HashMap<>();
        Map<String, Double> meanings = new HashMap<>();
        Map<String, Double> document = new HashMap<>();
        for (ChunkDoc c : candidates) {
            double lex = w.lexical() * bm25.getOrDefault(c.chunkId(), 0.0) / bestBm25;
            double mean = w.meaning() * meaning.belowBest(c) / COSINE_UNIT;
            double own = keywordEvidence(keywords, c.docId(), w)
                    + w.title() * (titleShare(words, c) + versionCarried(versions, c));
            chunks.put(c.chunkId(), lex + mean + own);
            lexical.merge(c.docId(), lex, Math::max);
            meanings.merge(c.docId(), mean, Math::max);
            document.put(c.docId(), own);
        }
        Map<String, Set<String>> present = presentIncluders(includers, document.keySet());
        Map<String, String> included = new HashMap<>();
        present.forEach((fragment, pages) -> pages.forEach(page -> {
            lexical.merge(page, lexical.get(fragment), Math::max);
            meanings.merge(page, meanings.get(fragment), Math::max);
            included.putIfAbsent(page, fragment);
        }));
        Map<String, Double> documents = new HashMap<>();
        document.forEach((doc, own) -> documents.put(doc, lexical.get(doc) + meanings.get(doc) + own));
        present.forEach((fragment, pages) -> documents.put(
                fragment,
                Math.min(
                                documents.get(fragment),
                                pages.stream().mapToDouble(documents::get).max().orElseThrow())
                        - FRAGMENT_MARGIN));
        return new Scores(chunks, documents, included);
    }

    /** Each fragment among the candidates with those of its includers that are candidates too, when there are any. */
    private static Map<String, Set<String>> presentIncluders(Map<String, Set<String>> includers, Set<String> docs) {
        Map<String, Set<String>> present = new HashMap<>();
        includers.forEach((fragment, pages) -> {
            Set<String> here = new HashSet<>(pages);
            here.retainAll(docs);
            here.remove(fragment);
            if (docs.contains(fragment) && !here.isEmpty()) {
                present.put(fragment, here);
            }
        });
        return present;
    }

    /**
     * How far each chunk's cosine lies below the best of its own vector field, in the share of the meaning weight
     * that field carries. Each field is its own model's space (cosines of two models are not comparable), so a
     * Chinese page an English question finds through the Chinese model (the cross arm) is measured against that
     * arm's best, not the English model's; it carries {@code crossShare} of the weight and lies a margin below
     * the question's own model's best, as that model's cosines are the ones calibrated for the question. A chunk
     * its field's kNN did not return lies a margin below the lowest that field returned; a chunk of a field not
     * searched, below the lowest of every field that was.
     */
    private record Meaning(
            Map<String, Double> cosine,
            Function<ChunkDoc, String> fieldOf,
            Map<String, Field> fields,
            double unsearched) {

        private record Field(double best, double lowest, double share, double offset) {

            Field widen(Field other) {
                return new Field(Math.max(best, other.best), Math.min(lowest, other.lowest), share, offset);
            }

            double below(double cos) {
                return share * (cos - best) + offset;
            }

            double unseen() {
                return below(lowest - UNSEEN_COSINE_MARGIN);
            }
        }

        static Meaning of(ArmHits hits, Function<ChunkDoc, String> fieldOf, double crossShare) {
            Map<String, Double> cosine = new HashMap<>();
            Map<String, Field> fields = new HashMap<>();
            add(hits.vector(), hits.vectorScores(), new Field(0, 0, 1.0, 0), fieldOf, cosine, fields);
            add(
                    hits.crossVector(),
                    hits.crossVectorScores(),
                    new Field(0, 0, crossShare, -UNSEEN_COSINE_MARGIN),
                    fieldOf,
                    cosine,
                    fields);
            double unsearched =
                    fields.values().stream().mapToDouble(Field::unseen).min().orElse(-UNSEEN_COSINE_MARGIN);
            return new Meaning(cosine, fieldOf, fields, unsearched);
        }

        private static void add(
                List<ChunkDoc> hits,
                List<Double> cosines,
                Field weighing,
                Function<ChunkDoc, String> fieldOf,
                Map<String, Double> cosine,
                Map<String, Field> fields) {
            for (int i = 0; i < Math.min(hits.size(), cosines.size()); i++) {
                double cos = cosines.get(i);
                cosine.merge(hits.get(i).chunkId(), cos, Math::max);
                fields.merge(
                        fieldOf.apply(hits.get(i)),
                        new Field(cos, cos, weighing.share(), weighing.offset()),
                        Field::widen);
            }
        }

        double belowBest(ChunkDoc c) {
            Field field = fields.get(fieldOf.apply(c));
            if (field == null) {
                return unsearched;
            }
            Double cos = cosine.get(c.chunkId());
            return cos == null ? field.unseen() : field.below(cos);
        }
    }

    private static double keywordEvidence(KeywordDocuments keywords, String docId, EvidenceWeights w) {
        return (keywords.all().contains(docId) ? w.keyword() : 0)
                + (keywords.specific().contains(docId) ? w.specificKeyword() : 0);
    }

    private static Map<String, Double> scores(List<ChunkDoc> hits, List<Double> scores) {
        Map<String, Double> byChunk = new HashMap<>();
        for (int i = 0; i < Math.min(hits.size(), scores.size()); i++) {
            byChunk.merge(hits.get(i).chunkId(), scores.get(i), Math::max);
        }
        return byChunk;
    }

    /** 1 when the chunk's title or path writes a version or year the question names, else 0. */
    static double versionCarried(NamedVersions versions, ChunkDoc chunk) {
        return versions.carriedBy(chunk.title()) || versions.carriedBy(chunk.path()) ? 1 : 0;
    }

    /** The share of the question's words (CJK as bigrams, function words left out) its title holds. */
    static double titleShare(Set<String> questionWords, ChunkDoc chunk) {
        if (questionWords.isEmpty() || chunk.title() == null) {
            return 0;
        }
        Set<String> title = new HashSet<>(QueryTerms.evidenceUnits(chunk.title()));
        return questionWords.stream().filter(title::contains).count() / (double) questionWords.size();
    }
}
