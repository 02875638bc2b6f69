package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.Json;
import org.junit.jupiter.api.Test;

/** Cited page right: the first passage's pages against the labelled ones. */
class CitedPageTest {

    @Test
    void shouldCountTheCitationRightWhenItsPageRangeHoldsALabelledPage() throws Exception {
        JsonNode span = Json.MAPPER.readTree("{\"unit\":\"page\",\"start\":6,\"end\":8}");
        assertTrue(CitedPage.onPages(span, Set.of(7)));
        assertFalse(CitedPage.onPages(span, Set.of(2, 9)));
    }

    @Test
    void shouldGroupThePdfsOfAQuestionWhenTheTsvHasARowPerPdf() {
        List<CitedPage.Labelled> labelled = CitedPage.read("q1\ta.pdf\t2,3\nq1\tb.pdf\t1\nq2\tc.pdf\t4\n");
        assertEquals(2, labelled.size());
        assertEquals(
                Map.of("a.pdf", Set.of(2, 3), "b.pdf", Set.of(1)),
                labelled.get(0).pages());
    }
}
