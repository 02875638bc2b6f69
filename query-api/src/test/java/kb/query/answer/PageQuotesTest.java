package kb.query.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kb.core.PageLayout;
import org.junit.jupiter.api.Test;

class PageQuotesTest {

    private static final PageLayout.Page PAGE = new PageLayout.Page(
            3,
            612,
            792,
            false,
            List.of(
                    line(720, "Annual report 2025"),
                    line(700, "The pumps were re-"),
                    line(687, "placed in March; the ﬁlters"),
                    line(674, "were cleaned twice."),
                    line(40, "Page 3 of 12")));

    /** The page without its footer, so that a passage's start ends it, as when a passage runs on. */
    private static final PageLayout.Page ON_PAGE_3 =
            new PageLayout.Page(3, 612, 792, false, PAGE.lines().subList(0, 4));

    private static PageLayout.Line line(float y, String text) {
        return new PageLayout.Line(54, 792 - y, 200, 10, text);
    }

    @Test
    void shouldVerifyAQuoteWhenItsWordsAreOnThePageJoinedAndDehyphenated() {
        assertTrue(PageQuotes.verified(
                "The pumps were replaced in March; the filters were cleaned twice.", List.of(PAGE)));
        assertTrue(PageQuotes.verified("pumps were re- placed in march", List.of(PAGE)));
    }

    @Test
    void shouldNotVerifyAQuoteWhenItsWordsAreNotTogetherOnThePage() {
        assertFalse(PageQuotes.verified("The pumps were cleaned twice.", List.of(PAGE)));
        assertFalse(PageQuotes.verified("", List.of(PAGE)));
        assertFalse(PageQuotes.verified("The pumps", List.of()));
    }

    @Test
    void shouldCoverTheLinesTheQuoteRunsOverWhenItIsOnThePage() {
        assertEquals(
                List.of(1, 2, 3),
                PageQuotes.lines("The pumps were replaced in March; the filters were cleaned twice.", PAGE));
        assertEquals(List.of(2), PageQuotes.lines("in March", PAGE));
        assertEquals(List.of(), PageQuotes.lines("in April", PAGE));
    }

    @Test
    void shouldCoverTheLinesOfItsBeginningWhenAPassageRunsOnToTheNextPage() {
        assertEquals(
                List.of(1, 2, 3),
                PageQuotes.lines(
                        "The pumps were replaced in March; the filters were cleaned twice. Page 4 opens here.",
                        ON_PAGE_3));
        assertEquals(List.of(), PageQuotes.lines("in March and more words after it that are not on the page", PAGE));
    }
}
