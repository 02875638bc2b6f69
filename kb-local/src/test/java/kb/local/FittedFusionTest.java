package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fusion fitted to a corpus of identifier-heavy pages (real broker, Elasticsearch and model): pages that say
 * the same thing in the same words and differ only in their identifiers, which only exact words tell apart, so
 * the corpus's own pseudo-questions are answered by BM25 and its weight rises above the configured one.
 */
class FittedFusionTest {

    private static final Duration DEADLINE = Duration.ofSeconds(180);
    private static final int PAGES = 30;
    private static PipelineHarness kb;

    @BeforeAll
    static void start() throws Exception {
        kb = new PipelineHarness();
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < PAGES; i++) {
            String id = identifier(i);
            String path = "settings/" + id.toLowerCase(Locale.ROOT) + ".md";
            kb.write(path, """
                    # Setting %s

                    The setting `%s` controls how the connection pool behaves under load. Raise `%s` when requests
                    queue up; lower it when memory is short. When the limit is reached the service logs ERR_%s and
                    answers with a retry hint.
                    """.formatted(id, id, id, id.toUpperCase(Locale.ROOT)));
            paths.add(path);
        }
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(paths));
        await().atMost(DEADLINE).until(() -> kb.get("/api/v1/status").path("fusion").path("settled").asBoolean()
                && "fitted".equals(kb.get("/api/v1/status").path("fusion").path("source").asText()));
    }

    /** A made-up identifier per page: camel case with digits, distinct letters, no English word. */
    private static String identifier(int i) {
        String letters = "bcdfghjklmnpqrstvwxz";
        return "qz" + letters.charAt(i % letters.length()) + "Kx" + (100 + 7 * i) + letters.charAt((3 * i + 1) % letters.length()) + "Pool";
    }

    @AfterAll
    static void stop() {
        kb.close();
    }

    @Test
    void shouldRaiseBm25sWeightWhenOnlyIdentifiersTellThePagesApart() throws Exception {
        JsonNode fusion = kb.get("/api/v1/status").path("fusion");
        JsonNode latin = fusion.path("weights").path("LATIN");
        assertTrue(latin.path("bm25").asDouble() > 0.3, fusion.toString());
        JsonNode fit = fusion.path("fits").path("LATIN");
        assertTrue(fit.path("bm25Mrr").asDouble() > fit.path("vectorMrr").asDouble(), fusion.toString());
        assertTrue(fit.path("fittedMrr").asDouble() >= fit.path("configuredMrr").asDouble(), fusion.toString());
    }
}
