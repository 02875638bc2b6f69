package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The walking skeleton through HTTP, against the real broker, Elasticsearch and model. */
class EndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void shouldFollowAFileThroughCreateEditAndDelete() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("notes/existing.md", "# Existing Note\n\nThe quokkaphone was here before the start.\n");
            kb.start();
            await().atMost(DEADLINE)
                    .until(() -> PipelineHarness.paths(kb.search("quokkaphone")).contains("notes/existing.md"));

            kb.write("ops/zebra.md", "# Zebra Runbook\n\n## Restart\n\nRestart the zebraquartz service twice.\n");
            await().atMost(DEADLINE)
                    .until(() -> firstPath(kb.search("zebraquartz")).equals("ops/zebra.md"));
            JsonNode hit = kb.search("zebraquartz").get("results").get(0);
            assertEquals("Zebra Runbook", hit.get("title").asText());
            JsonNode chunk = hit.get("chunks").get(0);
            assertEquals(
                    "Restart the zebraquartz service twice.", chunk.get("text").asText());
            assertEquals("Restart", chunk.get("sectionHeader").asText());

            kb.write("ops/zebra.md", "# Zebra Runbook\n\n## Restart\n\nRestart the orchidvortex service once.\n");
            await().atMost(DEADLINE)
                    .until(() -> firstPath(kb.search("orchidvortex")).equals("ops/zebra.md"));
            assertFalse(
                    PipelineHarness.anyChunkContains(kb.search("zebraquartz"), "zebraquartz"),
                    "the old text must be gone once the new one is searchable");

            kb.delete("ops/zebra.md");
            await().atMost(DEADLINE).until(() -> !PipelineHarness.paths(kb.search("orchidvortex"))
                    .contains("ops/zebra.md"));
            assertTrue(PipelineHarness.paths(kb.search("quokkaphone")).contains("notes/existing.md"));
        }
    }

    @Test
    void shouldAnswerHealthAndMetricsAndRejectAMissingQuery() throws Exception {
        try (PipelineHarness kb = new PipelineHarness().start()) {
            assertEquals(200, kb.request("/health").statusCode());
            assertEquals("UP", kb.getJson("/health").get("status").asText());
            assertTrue(kb.request("/metrics").body().contains("jvm_memory_used_bytes"));
            var missing = kb.request("/api/v1/search?q=");
            assertEquals(400, missing.statusCode());
            assertEquals(
                    "bad_request", kb.getJson("/api/v1/search").get("error").asText());
        }
    }

    private static String firstPath(JsonNode response) {
        var paths = PipelineHarness.paths(response);
        return paths.isEmpty() ? "" : paths.get(0);
    }
}
