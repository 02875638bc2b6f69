package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fusion fitted to a corpus of identifier-heavy pages (real broker, Elasticsearch and model): pages that say
 * the same thing in the same words and differ only in their error codes, which exact words tell apart and a
 * sentence model hardly does (one character apart in the middle of a made-up code), so the corpus's own pseudo-questions are answered by BM25 and its weight rises
 * above the configured one.
 */
class FittedFusionTest {

    private static final Duration DEADLINE = Duration.ofSeconds(180);
    private static final int PAGES = 50;
    private static PipelineHarness kb;
    private static final String PROSE =
            """
            When the service runs out of connections it stops taking new requests for a while and reports CODE in
            its log. This usually happens during a traffic peak, after a deploy that restarted every instance at
            once, or when the database answers slowly and each request holds its connection longer than usual.
            First look at the request rate and at the database latency for the same minutes. If the latency rose,
            fix the slow queries before touching the pool. If the rate rose, raise the pool size step by step and
            watch the memory of each instance, because every connection costs memory on both sides. Lower the
            pool again when memory runs short. Clients retry on their own after a short wait, so a brief burst of
            these messages during a peak needs no action; a steady stream of them does.
            """;

    @BeforeAll
    static void start() throws Exception {
        kb = new PipelineHarness().with("KB_FUSION_PSEUDO_QUESTIONS", "120");
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < PAGES; i++) {
            String code = code(i);
            String path = "errors/" + code + ".md";
            // One long shared text per page: the code is a small part of each chunk's meaning, all of its words.
            kb.write(path, "# Connection pool exhausted\n\n" + PROSE.replace("CODE", code));
            paths.add(path);
        }
        paths.sort(null);
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(paths));
        await().atMost(DEADLINE).until(() -> {
            JsonNode fusion = kb.get("/api/v1/status").path("fusion");
            return fusion.path("settled").asBoolean()
                    && "fitted".equals(fusion.path("source").asText());
        });
    }

    /** Codes that differ in one character in their middle: one word-piece apart for a sentence model. */
    private static String code(int i) {
        String letters = "abcdefghijklmnopqrstuvwxyz";
        return "kbx7q" + letters.charAt(i % letters.length()) + (i / letters.length()) + "m4z";
    }

    @AfterAll
    static void stop() {
        kb.close();
    }

    @Test
    void shouldRaiseBm25sWeightWhenOnlyExactWordsTellThePagesApart() throws Exception {
        JsonNode fusion = kb.get("/api/v1/status").path("fusion");
        assertTrue(fusion.path("weights").path("LATIN").path("bm25").asDouble() > 0.3, fusion.toString());
        JsonNode fit = fusion.path("fits").path("LATIN");
        assertTrue(fit.path("bm25Mrr").asDouble() > fit.path("vectorMrr").asDouble(), fusion.toString());
        assertTrue(fit.path("fittedMrr").asDouble() > fit.path("configuredMrr").asDouble(), fusion.toString());
    }
}
