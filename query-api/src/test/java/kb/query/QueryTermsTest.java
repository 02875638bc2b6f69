package kb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
        List<String> three = QueryTerms.contentTerms("dog training tips");
        org.junit.jupiter.api.Assertions.assertFalse(QueryTerms.isEvidence(three, "Docker Tips\n\ndbash"));
        org.junit.jupiter.api.Assertions.assertTrue(QueryTerms.isEvidence(three, "tips for training a dog"));
        org.junit.jupiter.api.Assertions.assertTrue(QueryTerms.isEvidence(List.of("kafkabridge"), "the kafkabridge service"));
        org.junit.jupiter.api.Assertions.assertFalse(QueryTerms.isEvidence(
                QueryTerms.contentTerms("sourdough starter"), "a starter template"));
    }

    @Test
    void shouldHaveNoLexicalQueryForOnlyFunctionWords() {
        assertNull(QueryTerms.lexicalQuery("how do you do?"));
    }
}
