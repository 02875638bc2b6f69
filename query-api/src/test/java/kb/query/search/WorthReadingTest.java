package kb.query.search;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.Question;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** Which documents have evidence of their own to be listed: words, a keyword, or a cosine near the best. */
class WorthReadingTest {

    private static final ChunkDoc WORDS = chunk("words", 0, "Install", null, "install gitlab with docker", List.of());
    private static final ChunkDoc NEAR = chunk("near", 0, "Runner", null, "set up the ci runner", List.of());
    private static final ChunkDoc FAR = chunk("far", 0, "Recipes", null, "bake bread at home", List.of());
    private static final ChunkDoc CHINESE = chunk("zh", 0, "安装", null, "在服务器上安装软件的步骤", List.of());
    private static final ChunkDoc CHINESE_WORDS =
            chunk("zhw", 0, "GitLab 安装", null, "用 gitlab 的 docker 镜像安装", List.of());

    private static Fusion.Input input(String question, List<ChunkDoc> bm25, List<ChunkDoc> vector, List<Double> cos) {
        ArmHits hits = new ArmHits(
                Map.of(
                        Arm.BM25, ArmHitsFixtures.scored(bm25, 1.0),
                        Arm.VECTOR, ArmHitsFixtures.scored(vector, cos)),
                List.of(cos.isEmpty() ? -1 : cos.get(0)),
                CorpusStats.UNKNOWN);
        return new Fusion.Input(Question.of(question), hits, List.of(), List.of(), c -> "embedding");
    }

    @Test
    void shouldListADocumentWithWordsOfTheQuestionWhateverItsCosine() {
        WorthReading worth =
                WorthReading.of(input("install gitlab", List.of(WORDS), List.of(NEAR, WORDS), List.of(0.85, 0.60)));
        assertTrue(worth.admits(WORDS));
    }

    @Test
    void shouldListADocumentFoundByMeaningOnlyWhenItsCosineIsNearTheBest() {
        WorthReading worth = WorthReading.of(input(
                "install gitlab",
                List.of(WORDS),
                List.of(NEAR, WORDS, FAR),
                List.of(0.85, 0.85 - WorthReading.NEAR_COSINE + 0.01, 0.85 - WorthReading.NEAR_COSINE - 0.01)));
        assertTrue(worth.admits(NEAR));
        assertFalse(worth.admits(FAR));
    }

    @Test
    void shouldListAPageInTheOtherScriptOnlyWithWordsOfItsOwn() {
        WorthReading worth = WorthReading.of(
                input("install gitlab", List.of(CHINESE_WORDS), List.of(CHINESE, CHINESE_WORDS), List.of(0.90, 0.80)));
        assertFalse(worth.admits(CHINESE));
        assertTrue(worth.admits(CHINESE_WORDS));
    }

    @Test
    void shouldListAnEnglishPageForAChineseQuestionOnlyWithWordsOfItsOwn() {
        WorthReading worth = WorthReading.of(input("怎么安装软件", List.of(), List.of(NEAR, CHINESE), List.of(0.90, 0.89)));
        assertFalse(worth.admits(NEAR));
        assertTrue(worth.admits(CHINESE));
    }

    @Test
    void shouldListADocumentAKeywordMatched() {
        ArmHits hits = new ArmHits(
                Map.of(Arm.VECTOR, ArmHitsFixtures.scored(List.of(NEAR), List.of(0.9))),
                List.of(0.9),
                CorpusStats.UNKNOWN);
        Fusion.Input input =
                new Fusion.Input(Question.of("ERR_TIMEOUT"), hits, List.of(), List.of(FAR), c -> "embedding");
        assertTrue(WorthReading.of(input).admits(FAR));
    }

    @Test
    void shouldLeaveOutOfTheRankingADocumentWithoutEvidenceOfItsOwn() {
        Fusion.Input input = input("install gitlab", List.of(WORDS), List.of(WORDS, FAR), List.of(0.85, 0.70));
        EvidenceFusion.Scores fused = new EvidenceFusion.Scores(
                Map.of(WORDS.chunkId(), 2.0, FAR.chunkId(), 1.0), Map.of("words", 2.0, "far", 1.0));
        List<SearchResponse.DocumentResult> ranked =
                DocumentRanking.rank(input, fused, KeywordSpecificity.L0Evidence.NONE, 10);
        assertEquals(
                List.of("words"),
                ranked.stream().map(SearchResponse.DocumentResult::docId).toList());
    }

    @Test
    void shouldKeepTheFirstDocumentWhenNoneHasEvidenceOfItsOwn() {
        Fusion.Input input = input("install gitlab", List.of(), List.of(CHINESE), List.of(0.85));
        EvidenceFusion.Scores fused = new EvidenceFusion.Scores(Map.of(CHINESE.chunkId(), 1.0), Map.of("zh", 1.0));
        List<SearchResponse.DocumentResult> ranked =
                DocumentRanking.rank(input, fused, KeywordSpecificity.L0Evidence.NONE, 10);
        assertEquals(
                List.of("zh"),
                ranked.stream().map(SearchResponse.DocumentResult::docId).toList());
    }

    @Test
    void shouldListEverythingAnArmAskedAloneFound() {
        Fusion.Input input = input("install gitlab", List.of(WORDS), List.of(WORDS, FAR), List.of(0.85, 0.70));
        EvidenceFusion.Scores fused = new EvidenceFusion.Scores(
                Map.of(WORDS.chunkId(), 2.0, FAR.chunkId(), 1.0), Map.of("words", 2.0, "far", 1.0));
        List<SearchResponse.DocumentResult> ranked =
                DocumentRanking.rank(input, fused, KeywordSpecificity.L0Evidence.NONE, 10, false);
        assertEquals(
                List.of("words", "far"),
                ranked.stream().map(SearchResponse.DocumentResult::docId).toList());
    }
}
