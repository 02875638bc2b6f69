package kb.query.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import kb.query.errors.BadRequestException;
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
}
