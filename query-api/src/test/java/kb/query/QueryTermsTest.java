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
    void shouldHaveNoLexicalQueryForOnlyFunctionWords() {
        assertNull(QueryTerms.lexicalQuery("how do you do?"));
    }
}
