package kb.query.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import kb.core.settings.Settings;
import org.junit.jupiter.api.Test;

class VectorSearchTest {

    @Test
    void shouldAskAHundredCandidatesRescoredByTheirFloatVectorsByDefault() {
        VectorSearch search = QueryConfig.from(new Settings(Map.of())).ranking().vectorSearch();
        assertEquals(VectorSearch.DEFAULT, search);
        assertEquals(new VectorSearch(100, 2), search);
        assertTrue(search.rescores());
    }

    @Test
    void shouldRescoreFromAnOversampleOfOne() {
        VectorSearch search = QueryConfig.from(
                        new Settings(Map.of("KB_KNN_OVERSAMPLE", "3", "KB_KNN_CANDIDATES", "200")))
                .ranking()
                .vectorSearch();
        assertEquals(200, search.candidates());
        assertTrue(search.rescores());
        assertFalse(new VectorSearch(100, 0.5).rescores());
    }

    @Test
    void shouldRefuseFewerThanOneCandidate() {
        assertThrows(IllegalArgumentException.class, () -> new VectorSearch(0, 3.0));
    }
}
