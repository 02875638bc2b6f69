package kb.query.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import kb.query.errors.BadRequestException;
import kb.query.search.terms.Question;
import kb.query.search.terms.Script;
import org.junit.jupiter.api.Test;

class QueryTextTest {

    @Test
    void shouldRefuseAMissingBlankOrOverlongQuestionNamingTheParameter() {
        assertEquals(
                "'q' is required",
                assertThrows(BadRequestException.class, () -> QueryText.required(" ", "q"))
                        .getMessage());
        String tooLong = "a".repeat(QueryText.MAX_CHARS + 1);
        assertEquals(
                "'query' is longer than 2000 characters",
                assertThrows(BadRequestException.class, () -> QueryText.required(tooLong, "query"))
                        .getMessage());
    }

    @Test
    void shouldCountACharacterOutsideTheBmpOnce() {
        assertEquals(
                QueryText.MAX_CHARS,
                QueryText.required("😀".repeat(QueryText.MAX_CHARS), "q").codePointCount(0, 2 * QueryText.MAX_CHARS));
    }

    @Test
    void shouldNormaliseTheQuestionOnceAtTheEdgeWhenItIsValid() {
        Question question = QueryText.question("  ＴＳＤＢ compaction  ", "q");
        assertEquals("ＴＳＤＢ compaction", question.asked());
        assertEquals("TSDB compaction", question.normal());
        assertEquals("tsdb compaction", question.keywords());
        assertEquals(Script.LATIN, question.script());
    }

    @Test
    void shouldRefuseABlankQuestionBeforeNormalisingIt() {
        assertEquals(
                "'q' is required",
                assertThrows(BadRequestException.class, () -> QueryText.question("   ", "q"))
                        .getMessage());
        assertEquals(
                "'query' is required",
                assertThrows(BadRequestException.class, () -> QueryText.question(null, "query"))
                        .getMessage());
    }
}
