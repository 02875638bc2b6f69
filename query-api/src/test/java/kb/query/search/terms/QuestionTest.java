package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A question normalised once: every form the tiers read, from one text. */
class QuestionTest {

    @Test
    void shouldKeepTheTextAsAskedBesideItsNormalForm() {
        Question question = Question.of("ＴＳＤＢ compaction");
        assertEquals("ＴＳＤＢ compaction", question.asked());
        assertEquals("TSDB compaction", question.normal());
        assertEquals(QueryTerms.normalForm("ＴＳＤＢ compaction"), question.normal());
    }

    @Test
    void shouldFoldCaseAndWidthForL0WhenTheQuestionIsAKeyword() {
        assertEquals("err_timeout", Question.of("ERR_TIMEOUT").keywords());
        assertEquals("tsdb", Question.of("ＴＳＤＢ").keywords());
    }

    @Test
    void shouldLeaveStopWordsOutOfTheBm25Words() {
        assertEquals(
                QueryTerms.lexicalQuery("how do I install gitlab"),
                Question.of("how do I install gitlab").lexical());
        assertNull(Question.of("how do you do").lexical());
    }

    @Test
    void shouldReadTheScriptOfTheNormalForm() {
        assertEquals(Script.LATIN, Question.of("install gitlab").script());
        assertEquals(Script.CJK, Question.of("支付网关超时问题").script());
    }

    @Test
    void shouldMatchChineseByBigramsWhenTheGateReadsUnits() {
        assertEquals(QueryTerms.evidenceUnits("支付网关"), Question.of("支付网关").units());
        assertEquals(List.of(), Question.of("how do you do?").units());
    }

    @Test
    void shouldKeepChinesePunctuationWhenNormalised() {
        // NFKC would make ？ a ?, and the Chinese model embeds another sentence: the normal form keeps it.
        assertEquals("命令被截断了，是怎么回事？", Question.of("命令被截断了，是怎么回事？").normal());
    }
}
