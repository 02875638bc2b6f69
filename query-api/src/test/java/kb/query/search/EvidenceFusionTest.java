package kb.query.search;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.query.config.EvidenceWeights;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.Question;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

class EvidenceFusionTest {

    private static final EvidenceWeights WEIGHTS = new EvidenceWeights(4, 2.5, 0.5, 2, 1, 1);

    private static ArmHits hits(List<ChunkDoc> bm25, List<Double> bm25Scores, List<ChunkDoc> vector, List<Double> cos) {
        return new ArmHits(
                Map.of(
                        Arm.BM25, ArmHitsFixtures.scored(bm25, bm25Scores),
                        Arm.VECTOR, ArmHitsFixtures.scored(vector, cos)),
                List.of(),
                CorpusStats.UNKNOWN);
    }

    private static EvidenceFusion.Scores fuse(String question, ArmHits hits, EvidenceFusion.KeywordDocuments keywords) {
        List<ChunkDoc> all = new java.util.ArrayList<>(hits.bm25());
        all.addAll(hits.vector());
        return EvidenceFusion.fuse(Question.of(question), hits, keywords, all, WEIGHTS, c -> "embedding", Map.of());
    }

    @Test
    void shouldWeighEachArmAgainstItsBestAnswer() {
        ChunkDoc a = chunk("a", 0, "x", null, "x", List.of());
        ChunkDoc b = chunk("b", 0, "y", null, "y", List.of());
        // BM25: a scores 10, b 5 (half the best); vectors: b is best at 0.80, a 0.05 below it.
        EvidenceFusion.Scores scores = fuse(
                "question",
                hits(List.of(a, b), List.of(10.0, 5.0), List.of(b, a), List.of(0.80, 0.75)),
                EvidenceFusion.KeywordDocuments.NONE);
        assertEquals(4.0 + 2.5 * -0.5, scores.documents().get("a"), 1e-9);
        assertEquals(2.0 + 0.0, scores.documents().get("b"), 1e-9);
    }

    @Test
    void shouldCountAChunkNoVectorFoundAsBelowTheLowestCosine() {
        ChunkDoc a = chunk("a", 0, "x", null, "x", List.of());
        ChunkDoc b = chunk("b", 0, "y", null, "y", List.of());
        ChunkDoc c = chunk("c", 0, "z", null, "z", List.of());
        EvidenceFusion.Scores scores = fuse(
                "question",
                hits(List.of(c), List.of(3.0), List.of(a, b), List.of(0.9, 0.8)),
                EvidenceFusion.KeywordDocuments.NONE);
        assertEquals(4.0 + 2.5 * -1.2, scores.documents().get("c"), 1e-9);
    }

    @Test
    void shouldRankAnIncludeFragmentAfterItsIncluderWhenBothAreCandidates() {
        ChunkDoc fragment = chunk("_common/options", 0, "options", null, "lineNos anchorLineNos", List.of());
        ChunkDoc includer = chunk("highlighting", 0, "Syntax highlighting", null, "highlight code", List.of());
        ChunkDoc other = chunk("code-blocks", 0, "Code blocks", null, "code blocks", List.of());
        // BM25 finds the fragment's words alone; the vectors prefer the page that includes it, then another page.
        ArmHits hits = hits(
                List.of(fragment, other),
                List.of(10.0, 6.0),
                List.of(includer, other, fragment),
                List.of(0.80, 0.79, 0.78));
        List<ChunkDoc> all = List.of(fragment, other, includer);
        EvidenceFusion.Scores plain = EvidenceFusion.fuse(
                Question.of("question"),
                hits,
                EvidenceFusion.KeywordDocuments.NONE,
                all,
                WEIGHTS,
                c -> "embedding",
                Map.of());
        assertEquals("_common/options", DocumentRanking.leader(plain));

        EvidenceFusion.Scores folded = EvidenceFusion.fuse(
                Question.of("question"),
                hits,
                EvidenceFusion.KeywordDocuments.NONE,
                all,
                WEIGHTS,
                c -> "embedding",
                Map.of("_common/options", Set.of("highlighting", "elsewhere")));
        // The includer scores the fragment's words with its own meaning: 4 + 0; the fragment ranks just after it.
        assertEquals(4.0, folded.documents().get("highlighting"), 1e-9);
        assertEquals("highlighting", DocumentRanking.leader(folded));
        assertTrue(
                folded.documents().get("_common/options") < folded.documents().get("highlighting"));
        assertTrue(
                folded.documents().get("_common/options") > folded.documents().get("code-blocks"));
    }

    /** An English question's fusion with its Latin chunk ("x") in the English field, the rest in the Chinese one. */
    private static EvidenceFusion.Scores fuseByScript(ArmHits hits, List<ChunkDoc> all, EvidenceWeights weights) {
        return EvidenceFusion.fuse(
                Question.of("ERR_TIMEOUT"),
                hits,
                EvidenceFusion.KeywordDocuments.NONE,
                all,
                weights,
                c -> c.text().equals("x") ? "embedding" : "embedding_zh",
                Map.of());
    }

    @Test
    void shouldMeasureEachVectorFieldAgainstItsOwnBest() {
        ChunkDoc english = chunk("en", 0, "x", null, "x", List.of());
        ChunkDoc chinese = chunk("zh", 0, "错误码", null, "错误码", List.of());
        ChunkDoc unseenChinese = chunk("zh2", 0, "超时", null, "超时", List.of());
        // An English question: the English model's best is 0.60; the Chinese model's (the cross arm) 0.45.
        ArmHits hits = new ArmHits(
                Map.of(
                        Arm.BM25, ArmHitsFixtures.scored(List.of(chinese, unseenChinese), List.of(2.0, 1.0)),
                        Arm.VECTOR, ArmHitsFixtures.scored(List.of(english), List.of(0.60)),
                        Arm.CROSS_VECTOR, ArmHitsFixtures.scored(List.of(chinese), List.of(0.45))),
                List.of(0.60),
                CorpusStats.UNKNOWN);
        List<ChunkDoc> all = List.of(english, chinese, unseenChinese);
        EvidenceFusion.Scores scores = fuseByScript(hits, all, WEIGHTS);
        assertEquals(0.0, scores.documents().get("en"), 1e-9);
        // The Chinese model's best lies a margin (0.02) below the English model's; zh2 a margin below its lowest.
        assertEquals(4.0 + 2.5 * -0.2, scores.documents().get("zh"), 1e-9);
        assertEquals(2.0 + 2.5 * (-0.2 - 0.2), scores.documents().get("zh2"), 1e-9);
        EvidenceFusion.Scores halved = fuseByScript(hits, all, new EvidenceWeights(4, 2.5, 0.5, 2, 1, 0.5));
        assertEquals(2.0 + 2.5 * (0.5 * -0.2 - 0.2), halved.documents().get("zh2"), 1e-9);
    }

    @Test
    void shouldAddTheBestLexicalAndTheBestMeaningOfADocumentsChunks() {
        ChunkDoc first = chunk("a", 0, "x", null, "x", List.of());
        ChunkDoc second = chunk("a", 1, "x", null, "x", List.of());
        EvidenceFusion.Scores scores = fuse(
                "question",
                hits(List.of(first), List.of(8.0), List.of(second), List.of(0.7)),
                EvidenceFusion.KeywordDocuments.NONE);
        assertEquals(4.0 + 0.0, scores.documents().get("a"), 1e-9);
        assertTrue(scores.chunks().get("a#0") < scores.documents().get("a"));
        assertTrue(scores.chunks().get("a#1") < scores.documents().get("a"));
    }

    @Test
    void shouldAddKeywordAndTitleEvidence() {
        ChunkDoc a = chunk("a", 0, "Install GitLab", null, "x", List.of());
        ChunkDoc b = chunk("b", 0, "Other page", null, "y", List.of()); // a generic keyword matched
        ChunkDoc c = chunk("c", 0, "Third page", null, "z", List.of()); // a specific keyword matched
        EvidenceFusion.Scores scores = fuse(
                "how did I install gitlab",
                hits(List.of(a, b, c), List.of(5.0, 5.0, 5.0), List.of(a, b, c), List.of(0.5, 0.5, 0.5)),
                new EvidenceFusion.KeywordDocuments(Set.of("b", "c"), Set.of("c")));
        assertEquals(4.0 + 1.0, scores.documents().get("a"), 1e-9); // "install" and "gitlab" both in the title
        assertEquals(4.0 + 0.5, scores.documents().get("b"), 1e-9);
        assertEquals(4.0 + 0.5 + 2.0, scores.documents().get("c"), 1e-9);
    }

    @Test
    void shouldReadCjkTitlesByBigrams() {
        ChunkDoc a = chunk("a", 0, "Redis 哨兵", null, "x", List.of());
        assertEquals(0.5, EvidenceFusion.titleShare(Set.of("哨兵", "模式"), a), 1e-9);
    }
}
