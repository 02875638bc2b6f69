package kb.query.search;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import kb.query.config.FusionMethod;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.Question;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** Each fusion on hand-built scored hits: the same hits, three ways of weighing them. */
class FusionTest {

    private static final ChunkDoc A = chunk("a", 0, "alpha", null, "alpha text", List.of());
    private static final ChunkDoc A1 = chunk("a", 1, "alpha", null, "alpha more", List.of());
    private static final ChunkDoc B = chunk("b", 0, "beta", null, "beta text", List.of());
    private static final ChunkDoc C = chunk("c", 0, "gamma", null, "gamma text", List.of());
    private static final ChunkDoc K = chunk("k", 0, "kappa", null, "kappa text", List.of());

    /** BM25: a (10), b (5); vectors: b (0.8), c (0.6), a#1 (0.5); the cross arm: c. */
    private static ArmHits hits() {
        return new ArmHits(
                Map.of(
                        Arm.BM25, ArmHitsFixtures.scored(List.of(A, B), List.of(10.0, 5.0)),
                        Arm.VECTOR, ArmHitsFixtures.scored(List.of(B, C, A1), List.of(0.8, 0.6, 0.5)),
                        Arm.CROSS_VECTOR, ArmHitsFixtures.scored(List.of(C), List.of(0.4))),
                List.of(0.8),
                CorpusStats.UNKNOWN);
    }

    private static Fusion.Input input(List<ChunkDoc> specific, List<ChunkDoc> generic) {
        return new Fusion.Input(Question.of("alpha beta"), hits(), specific, generic, c -> "embedding");
    }

    private static Fusion fusion(FusionMethod method) {
        return Fusion.all(RankingFixtures.ranking(method), () -> RankingFixtures.EVIDENCE)
                .get(method);
    }

    private static EvidenceFusion.Scores fuse(FusionMethod method, Fusion.Input input) {
        return fusion(method).fuse(input, RankingFixtures.served(method));
    }

    @Test
    void shouldSumEachArmsWeightOverRankWhenFusedByRrf() {
        EvidenceFusion.Scores scores = fuse(FusionMethod.RRF, input(List.of(), List.of()));
        assertEquals(1.0 / 61, scores.chunks().get("a#0"), 1e-12);
        assertEquals(1.0 / 62 + 1.0 / 61, scores.chunks().get("b#0"), 1e-12);
        assertEquals(1.0 / 62 + 0.3 / 61, scores.chunks().get("c#0"), 1e-12);
        assertEquals(1.0 / 63, scores.chunks().get("a#1"), 1e-12);
        // A document scores its best chunk.
        assertEquals(1.0 / 61, scores.documents().get("a"), 1e-12);
        assertEquals(1.0 / 62 + 1.0 / 61, scores.documents().get("b"), 1e-12);
    }

    @Test
    void shouldVoteForKeywordDocumentsByTheirSpecificityWhenFusedByRrf() {
        EvidenceFusion.Scores scores = fuse(FusionMethod.RRF, input(List.of(K), List.of(C)));
        assertEquals(2.0 / 61, scores.documents().get("k"), 1e-12);
        assertEquals(0.5 / 61 + 1.0 / 62 + 0.3 / 61, scores.documents().get("c"), 1e-12);
    }

    @Test
    void shouldCombineNormalisedScoresWhenFusedConvexly() {
        EvidenceFusion.Scores scores = fuse(FusionMethod.CONVEX, input(List.of(), List.of()));
        // alpha 0.4: BM25 a 1, b 0; vectors b 1, c 1/3, a#1 0; the cross arm joins by rank (0.3 / 61).
        assertEquals(0.4, scores.chunks().get("a#0"), 1e-12);
        assertEquals(0.6, scores.chunks().get("b#0"), 1e-12);
        assertEquals(0.6 * (0.6 - 0.5) / (0.8 - 0.5) + 0.3 / 61, scores.chunks().get("c#0"), 1e-12);
        assertEquals(0.0, scores.chunks().get("a#1"), 1e-12);
        assertEquals(0.4, scores.documents().get("a"), 1e-12);
    }

    @Test
    void shouldWeighEvidenceAsTheEvidenceFusionDoesWhenChosen() {
        Fusion.Input input = input(List.of(K), List.of());
        EvidenceFusion.Scores direct = EvidenceFusion.fuse(
                input.question(),
                input.hits(),
                new EvidenceFusion.KeywordDocuments(java.util.Set.of("k"), java.util.Set.of("k")),
                input.candidates().toList(),
                RankingFixtures.EVIDENCE,
                c -> "embedding",
                Map.of());
        assertEquals(direct, fuse(FusionMethod.EVIDENCE, input));
    }

    @Test
    void shouldRankTheLexicalLeaderFirstWhenTheEvidenceFusionWeighsItHighest() {
        EvidenceFusion.Scores scores = fuse(FusionMethod.EVIDENCE, input(List.of(), List.of()));
        // a: BM25's best (4) and its best chunk by meaning 0.3 below the best (2.5 × -3); b: half BM25's best, the
        // best by meaning; the title of each holds one of the question's two words (1 × 0.5).
        assertEquals(4.0 + 2.5 * -3 + 0.5, scores.documents().get("a"), 1e-9);
        assertEquals(2.0 + 0.0 + 0.5, scores.documents().get("b"), 1e-9);
    }

    @Test
    void shouldLeaveKeywordsOutWhenL1IsAskedAlone() {
        Fusion.Input input = input(List.of(K), List.of(C));
        Fusion.Input l1 = input.withoutKeywords();
        assertEquals(List.of(), l1.specific());
        assertEquals(List.of(), l1.generic());
        assertEquals(null, fuse(FusionMethod.RRF, l1).documents().get("k"));
    }

    @Test
    void shouldRaiseBm25sWeightWhenTheQuestionHoldsARareTerm() {
        // One chunk in 10,000 holds "kafkabridge": a rare term, so BM25 weighs its rare weight (3) in RRF.
        CorpusStats rare = new CorpusStats(100, 10_000, Map.of(), Map.of("kafkabridge", 1L));
        ArmHits hits = new ArmHits(
                Map.of(
                        Arm.BM25, ArmHitsFixtures.scored(List.of(A), List.of(10.0)),
                        Arm.VECTOR, ArmHitsFixtures.scored(List.of(B), List.of(0.8))),
                List.of(0.8),
                rare);
        Fusion.Input input = new Fusion.Input(Question.of("kafkabridge"), hits, List.of(), List.of(), c -> "embedding");
        EvidenceFusion.Scores scores = fuse(FusionMethod.RRF, input);
        assertEquals(3.0 / 61, scores.documents().get("a"), 1e-12);
        assertEquals(1.0 / 61, scores.documents().get("b"), 1e-12);
    }

    @Test
    void shouldKeepBm25sBaseWeightWhenEveryTermIsCommon() {
        CorpusStats common = new CorpusStats(100, 10_000, Map.of(), Map.of("gitlab", 5_000L));
        ArmHits hits =
                new ArmHits(Map.of(Arm.BM25, ArmHitsFixtures.scored(List.of(A), List.of(10.0))), List.of(), common);
        Fusion.Input input = new Fusion.Input(Question.of("gitlab"), hits, List.of(), List.of(), c -> "embedding");
        assertEquals(1.0 / 61, fuse(FusionMethod.RRF, input).documents().get("a"), 1e-12);
    }

    @Test
    void shouldScoreEveryCandidateWhenFused() {
        for (FusionMethod method : FusionMethod.values()) {
            EvidenceFusion.Scores scores = fuse(method, input(List.of(K), List.of()));
            for (String chunk : List.of("a#0", "a#1", "b#0", "c#0", "k#0")) {
                org.junit.jupiter.api.Assertions.assertNotNull(scores.chunks().get(chunk), method + " " + chunk);
            }
            assertEquals(
                    java.util.Set.of("a", "b", "c", "k"), scores.documents().keySet(), method.name());
        }
    }
}
