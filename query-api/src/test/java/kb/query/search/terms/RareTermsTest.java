package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RareTermsTest {

    @Test
    void shouldFindTermsFewChunksHoldRarestFirst() {
        CorpusStats stats = new CorpusStats(
                499,
                7692,
                Map.of(),
                Map.of("tolerance", 5L, "comparison", 9L, "proxy", 582L, "value", 1039L, "absent", 0L));
        assertEquals(8, RareTerms.limit(7692));
        assertEquals(List.of("tolerance"), RareTerms.of(stats));
    }

    @Test
    void shouldKeepAtLeastThreeChunksRareInASmallCorpus() {
        assertEquals(3, RareTerms.limit(40));
        assertEquals(
                List.of("kafkabridge"),
                RareTerms.of(new CorpusStats(5, 40, Map.of(), Map.of("kafkabridge", 1L, "service", 12L))));
    }

    @Test
    void shouldRaiseTheBm25WeightOnlyForAQuestionWithARareTerm() {
        CorpusStats identifier =
                new CorpusStats(499, 7692, Map.of(), Map.of("ssl3_read_bytes:tlsv1", 1L, "error", 900L));
        CorpusStats plain = new CorpusStats(499, 7692, Map.of(), Map.of("ingesters", 300L, "memory", 400L));
        assertEquals(1.0, RareTerms.bm25Weight(identifier, 0.3, 1.0));
        assertEquals(0.3, RareTerms.bm25Weight(plain, 0.3, 1.0));
        assertEquals(0.3, RareTerms.bm25Weight(CorpusStats.UNKNOWN, 0.3, 1.0));
    }

    @Test
    void shouldLeaveTheVectorsLeadingWhenOneRareWordModifiesCommonOnes() {
        CorpusStats modifier = new CorpusStats(
                5000, 5000, Map.of(), Map.of("anthropological", 1L, "definition", 108L, "environment", 117L));
        CorpusStats product = new CorpusStats(5000, 5000, Map.of(), Map.of("theraderm", 4L, "used", 356L));
        assertEquals(0.3, RareTerms.bm25Weight(modifier, 0.3, 1.0));
        assertEquals(1.0, RareTerms.bm25Weight(product, 0.3, 1.0));
    }

    @Test
    void shouldFindNothingWhenTheCorpusIsUnknown() {
        assertEquals(List.of(), RareTerms.of(CorpusStats.UNKNOWN));
    }

    @Test
    void shouldNotCountACjkBigramAcrossAWordBoundaryAsARareTerm() {
        String question = "管理员的机器怎么重启";
        CorpusStats stats = new CorpusStats(
                50,
                400,
                Map.of(),
                Map.of("管理", 9L, "理员", 1L, "员的", 1L, "的机", 1L, "机器", 2L, "重启", 3L, "管", 30L),
                CjkWords.of(question));
        assertEquals(List.of("机器"), RareTerms.of(stats));
    }

    @Test
    void shouldKeepNumbersAndIdentifiersRareBesideChineseWords() {
        String question = "商户返回 429 和 ERR_X 时 maxTotal 怎么调";
        CorpusStats stats = new CorpusStats(
                50,
                400,
                Map.of(),
                Map.of("429", 1L, "err_x", 1L, "maxtotal", 2L, "户返", 1L, "商户", 40L),
                CjkWords.of(question));
        assertEquals(List.of("429", "err_x", "maxtotal"), RareTerms.of(stats));
    }

    @Test
    void shouldCountTwoRareTermsInOneChunkAsEvidenceWhenTheyAreMostOfTheQuestion() {
        CorpusStats stats = new CorpusStats(3, 4, Map.of(), Map.of("http", 1L, "429", 1L, "mean", 0L, "merchant", 0L));
        List<String> rare = RareTerms.of(stats);
        assertEquals(true, RareTerms.isEvidence(stats, rare, "触发时返回 HTTP 429 与错误码 RATE_LIMITED。"));
        assertEquals(false, RareTerms.isEvidence(stats, rare, "网关使用令牌桶，返回 HTTP 错误"));
    }

    @Test
    void shouldNotCountRareTermsThatAreAFewWordsOfALongerQuestion() {
        CorpusStats stats = new CorpusStats(
                300, 4000, Map.of(), Map.of("lisbon", 1L, "decemb", 2L, "sun", 40L, "time", 900L, "set", 300L));
        assertEquals(false, RareTerms.isEvidence(stats, RareTerms.of(stats), "Lisbon in December"));
    }

    @Test
    void shouldNotCountCommonChineseWordsAsEvidenceForAnEverydayQuestion() {
        String question = "感冒的时候可以喝咖啡吗？";
        CorpusStats stats = new CorpusStats(
                0,
                5074,
                Map.of(),
                Map.of("感冒", 0L, "的", 1995L, "时候", 165L, "可以", 985L, "喝", 0L, "咖啡", 0L, "吗", 10L, "的时", 197L),
                CjkWords.of(question));
        assertEquals(false, RareTerms.isCjkEvidence(stats, "这个时候可以重启服务吗？的确如此。"));
    }

    @Test
    void shouldCountAChunkHoldingTheQuestionsRareChineseWordsAsEvidence() {
        String question = "服务器硬盘突然变成只读了怎么办";
        CorpusStats stats = new CorpusStats(
                0,
                5074,
                Map.of(),
                Map.of("服务", 400L, "硬盘", 22L, "突然", 1L, "变成", 15L, "只", 341L, "读", 224L, "了", 648L, "怎么", 20L),
                CjkWords.of(question));
        assertEquals(true, RareTerms.isCjkEvidence(stats, "硬盘突然变成只读：先把文件拷出来"));
    }

    @Test
    void shouldNameATitleByARareWordButNeverByAYearOrAChineseCharacter() {
        assertTrue(RareTerms.namesTitle(List.of("backdoor", "suppli"), "Am I vulnerable to the xz backdoor?"));
        assertTrue(RareTerms.namesTitle(List.of("suppli"), "Supply chains"));
        assertFalse(RareTerms.namesTitle(List.of("backdoor"), "Arch packages"));
        assertFalse(RareTerms.namesTitle(List.of("2024"), "Notes of 2024"));
        assertFalse(RareTerms.namesTitle(List.of("哨"), "Redis 哨兵"));
        assertFalse(RareTerms.namesTitle(List.of("backdoor"), null));
    }
}
