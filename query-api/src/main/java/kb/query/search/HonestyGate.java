package kb.query.search;

import java.util.List;
import java.util.Locale;
import kb.query.search.corpus.GateThreshold;
import kb.query.search.corpus.NeverMentioned;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.QueryTerms;
import kb.query.search.terms.Question;
import kb.query.search.terms.RareTerms;
import kb.query.search.terms.Script;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkDoc;

/**
 * The honesty gate: whether a question is answered or deflected, a pure function of its scored hits, its keyword
 * evidence, the calibrated cosine thresholds and the names it holds that the folder never mentions
 * ({@link NeverMentioned}: one of them deflects whatever else matched). A deflection says why
 * ({@link SearchResponse.Gate#reason()}).
 *
 * @param questionMin the calibrated minimum cosine for the question's script
 * @param fieldMins   per vector field of the question's own model, in the order searched: that field's minimum
 *                    (its model's script's threshold; with one model, the question's)
 */
public record HonestyGate(double questionMin, List<Double> fieldMins) {

    /** BM25's best chunks read for rare terms of the question (each is analysed again, so only a few). */
    private static final int RARE_EVIDENCE_CHUNKS = 5;

    /**
     * The gate's thresholds for this question: each vector field searched against its own model's threshold (per
     * script: the by-language models are chosen by script); with one model, the question's script's threshold, as
     * calibrated.
     */
    static HonestyGate of(
            GateThreshold threshold, Question question, List<Embeddings.Space> spaces, boolean singleModel) {
        double questionMin = threshold.minCosine().get(question.script());
        List<Double> fieldMins = spaces.stream()
                .map(space -> singleModel
                        ? questionMin
                        : threshold
                                .minCosine()
                                .get(Script.valueOf(space.script().name())))
                .toList();
        return new HonestyGate(questionMin, fieldMins);
    }

    public HonestyGate {
        fieldMins = List.copyOf(fieldMins);
    }

    /** The best cosine of one vector field against that field's threshold. */
    record CosineCheck(double best, double min) {

        boolean passes() {
            return best >= min;
        }
    }

    /**
     * @param enforced    false to let every question through (a diagnosis); the verdict still says why
     * @param l1Available false when Elasticsearch could not be asked
     * @param never       the question's names the folder never mentions: when there is one, nothing is found,
     *                    whatever else matched (the rest of a near-domain question is the folder's own vocabulary)
     */
    public SearchResponse.Gate verdict(
            Question question,
            ArmHits hits,
            KeywordSpecificity.L0Evidence evidence,
            boolean l1Available,
            boolean enforced,
            NeverMentioned never) {
        boolean lexical = lexicalEvidence(question, hits);
        CosineCheck cosine = cosineCheck(hits);
        // A question with no content word at all ("*", "}", "how do you do?") has nothing to be evidence for.
        // A question none of whose words the corpus holds ("qwertyuiopzxcv") is about something else, however
        // near its vector falls in a corpus of short, similar notes.
        boolean known = !hits.corpus().termsRead() || hits.corpus().holdsAnyTerm();
        boolean found = !enforced
                || (never.isEmpty()
                        && (!evidence.specific().isEmpty()
                                || (!question.units().isEmpty() && known && (lexical || cosine.passes()))));
        String reason = found ? null : reason(question, never, known, l1Available, cosine);
        return new SearchResponse.Gate(
                found,
                evidence.specific().size(),
                lexical,
                hits.bm25().size(),
                cosine.best(),
                cosine.min(),
                l1Available,
                evidence.generic().size(),
                reason);
    }

    /** Why a question is not found, the first reason that holds, in the words of the answer. */
    static String reason(
            Question question, NeverMentioned never, boolean known, boolean l1Available, CosineCheck cosine) {
        if (!never.isEmpty()) {
            return never.reason();
        }
        if (question.units().isEmpty()) {
            return "the question has no content word";
        }
        if (!l1Available) {
            return "the index could not be asked";
        }
        if (!known) {
            return "the folder holds none of the question's words";
        }
        return String.format(
                Locale.ROOT,
                "no passage holds enough of the question's words, and the nearest is too far (cosine %.2f, below %.2f)",
                cosine.best(),
                cosine.min());
    }

    /**
     * Whether one of BM25's chunks is lexical evidence for the question: it holds enough of the question's words
     * (a CJK question's weighted by rarity when the index's counts are known, else by bigram share), or a few
     * rare terms of the question together, or (for a question in the folder's words only) a title that names one
     * of them.
     */
    static boolean lexicalEvidence(Question question, ArmHits hits) {
        Script script = question.script();
        CorpusStats corpus = hits.corpus();
        List<String> rare = RareTerms.of(corpus);
        boolean weighted = script == Script.CJK && corpus.termsRead();
        List<ChunkDoc> bm25 = hits.bm25();
        return bm25.stream()
                        .anyMatch(c -> weighted
                                ? RareTerms.isCjkEvidence(corpus, c.enrichedText())
                                : QueryTerms.isEvidence(question.units(), script, c.enrichedText()))
                || bm25.stream()
                        .limit(RARE_EVIDENCE_CHUNKS)
                        .anyMatch(c -> RareTerms.isEvidence(corpus, rare, c.enrichedText())
                                || RareTerms.isTitleEvidence(corpus, rare, c.title()));
    }

    /**
     * Each vector field searched against its own model's threshold; the field that clears its threshold by the
     * most decides.
     */
    CosineCheck cosineCheck(ArmHits hits) {
        CosineCheck best = new CosineCheck(-1, questionMin);
        for (int i = 0; i < Math.min(fieldMins.size(), hits.bestCosines().size()); i++) {
            CosineCheck check = new CosineCheck(hits.bestCosines().get(i), fieldMins.get(i));
            if (i == 0 || check.best() - check.min() > best.best() - best.min()) {
                best = check;
            }
        }
        return best;
    }
}
