package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class QueryTermsTest {

    @Test
    void shouldDropFunctionWordsAndKeepContent() {
        assertEquals(List.of("install", "gitlab"), QueryTerms.contentTerms("How did I install gitlab?"));
    }

    @Test
    void shouldKeepIdentifiersWhole() {
        assertEquals(List.of("err_timeout"), QueryTerms.contentTerms("ERR_TIMEOUT?"));
    }

    @Test
    void shouldNormaliseFullWidthCharacters() {
        assertEquals(List.of("abc123"), QueryTerms.contentTerms("ＡＢＣ１２３"));
    }

    @Test
    void shouldSplitCjkIntoSingleCharacters() {
        assertEquals(List.of("支", "付", "超", "时", "err_timeout"), QueryTerms.contentTerms("支付超时 ERR_TIMEOUT"));
    }

    @Test
    void shouldRequireMostContentTermsAsEvidence() {
        List<String> three = QueryTerms.evidenceUnits("dog training tips");
        assertFalse(QueryTerms.isEvidence(three, Script.LATIN, "Docker Tips\n\ndbash"));
        assertTrue(QueryTerms.isEvidence(three, Script.LATIN, "tips for training a dog"));
        assertTrue(QueryTerms.isEvidence(List.of("kafkabridge"), Script.LATIN, "the kafkabridge service"));
        assertFalse(QueryTerms.isEvidence(
                QueryTerms.evidenceUnits("sourdough starter"), Script.LATIN, "a starter template"));
    }

    @Test
    void shouldMatchChineseByTwoCharacterWords() {
        assertEquals(
                List.of("商户", "户密", "密钥", "钥轮", "轮换", "err_timeout"), QueryTerms.evidenceUnits("商户密钥轮换 ERR_TIMEOUT"));
    }

    @Test
    void shouldNotTakeSharedCommonCharactersAsChineseEvidence() {
        // An off-topic cooking question shares 怎, 么, 做, 不 with any long Chinese page, but no two-character word.
        List<String> cooking = QueryTerms.evidenceUnits("红烧肉怎么做才肥而不腻？");
        assertFalse(QueryTerms.isEvidence(cooking, Script.CJK, "做插件的时候不要忘了：怎样配置路由，而且要肥大"));
        List<String> question = QueryTerms.evidenceUnits("网关的访问日志越来越大，能不能按时间自动切分？");
        assertTrue(QueryTerms.isEvidence(question, Script.CJK, "log-rotate 插件可以按时间自动切分访问日志和错误日志"));
    }

    @Test
    void shouldTellTheScriptOfAQuestion() {
        assertEquals(Script.CJK, Script.of("APISIX 和 etcd 之间的通信怎么开启双向证书校验？"));
        assertEquals(Script.LATIN, Script.of("how do I rotate the 商户 key"));
    }

    @Test
    void shouldHaveNoLexicalQueryForOnlyFunctionWords() {
        assertNull(QueryTerms.lexicalQuery("how do you do?"));
    }

    @Test
    void shouldKeepEachCjkRunWholeInTheLexicalQuerySoItsWordsSurviveAnalysis() {
        assertEquals("支付超时 err_timeout 商户密钥轮换", QueryTerms.lexicalQuery("支付超时 ERR_TIMEOUT: how to 商户密钥轮换?"));
    }

    @Test
    void shouldGiveEveryArmTheNfkcFormWhenTheQuestionIsFullWidth() {
        assertEquals("TSDB compaction", QueryTerms.normalForm(" ＴＳＤＢ　compaction "));
        assertEquals("命令被截断了，是怎么回事？", QueryTerms.normalForm("命令被截断了，是怎么回事？"));
        assertEquals("Ｘ？".length(), QueryTerms.normalForm("Ｘ？").length());
        assertEquals("X？", QueryTerms.normalForm("Ｘ？"));
        assertEquals(QueryTerms.lexicalQuery("TSDB"), QueryTerms.lexicalQuery(QueryTerms.normalForm("ＴＳＤＢ")));
    }

    @Test
    void shouldKnowNoTermWhenNoChunkHoldsAnyOfTheQuestionsWords() {
        CorpusStats gibberish = CorpusStats.UNKNOWN.withTerms(40, java.util.Map.of("qwertyuiopzxcv", 0L));
        CorpusStats known = CorpusStats.UNKNOWN.withTerms(40, java.util.Map.of("qwertyuiopzxcv", 0L, "kafka", 3L));
        assertTrue(gibberish.termsRead());
        assertFalse(gibberish.holdsAnyTerm());
        assertTrue(known.holdsAnyTerm());
        assertFalse(CorpusStats.UNKNOWN.termsRead());
    }
}
