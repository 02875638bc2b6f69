package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import kb.core.Json;
import kb.testkit.GatedEmbedder;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * The first index as a user sees it (real broker, Elasticsearch and model, the model behind a gate): while
 * vectors are missing the status says "running" with the counts, /health stays 200 with an "indexing"
 * detail, and a search already answers from the words with {@code partial: true}; once the vectors are in,
 * the state is "done" and answers are no longer partial. Every answer carries the index's state, and an absence
 * meanwhile says "not found yet".
 */
class IndexingStatusTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @Test
    void shouldReportIndexingUntilTheVectorsAreInAndAnswerFromTheWordsMeanwhile() throws Exception {
        GatedEmbedder model = new GatedEmbedder(SharedInfrastructure.embedder());
        try (PipelineHarness kb = new PipelineHarness().withEmbedder(model)) {
            kb.write("runbooks/quokka.md", "# Quokka runbook\n\nRestart the quokka service when ERR_QUOKKA appears.\n");
            kb.write("notes/coffee.md", "# Coffee\n\nGrind the beans just before brewing.\n");
            kb.write("notes/bikes.md", "# Bikes\n\nPump the tyres to the pressure printed on the sidewall.\n");
            kb.start();

            await().atMost(DEADLINE).until(() -> {
                JsonNode indexing = kb.getJson("/api/v1/status").path("indexing");
                // chunksTotal counts the chunk index, which refreshes apart from the cards and fills in batches:
                // each of the three one-section notes is one chunk, and all three must be searchable.
                return indexing.path("state").asText().equals("running")
                        && indexing.path("documentsDone").asLong() == 3
                        && indexing.path("chunksTotal").asLong() >= 3
                        && indexing.path("chunksAwaitingVectors").asLong()
                                == indexing.path("chunksTotal").asLong();
            });
            JsonNode answer = kb.search("quokka service restart");
            assertTrue(answer.get("found").asBoolean(), answer.toString());
            assertTrue(answer.get("partial").asBoolean(), answer.toString());
            assertEquals("runbooks/quokka.md", PipelineHarness.paths(answer).get(0));
            assertEquals(
                    "[\"bm25\"]", answer.get("results").get(0).get("matchedBy").toString(), "no vector vote yet");
            JsonNode index = answer.get("index");
            assertTrue(index.get("firstIndexRunning").asBoolean(), answer.toString());
            assertEquals(3, index.get("documents").asLong(), answer.toString());
            // The figures are the observer's latest look, taken apart from the status read awaited above.
            assertTrue(index.has("chunksAwaitingVectors") && index.has("pendingChanges"), answer.toString());
            assertFalse(index.has("notice"), "found: no notice " + answer);
            JsonNode absent = kb.search("xqzvbnmkw");
            assertFalse(absent.get("found").asBoolean(), absent.toString());
            assertTrue(
                    absent.path("index").path("notice").asText().startsWith("not found yet: "),
                    "an absence during the first index may be temporary: " + absent);
            assertBuildIdentified(kb);
            var health = kb.request("/health");
            assertEquals(200, health.statusCode());
            assertEquals(
                    "indexing",
                    Json.MAPPER
                            .readTree(health.body())
                            .path("details")
                            .path("indexing")
                            .asText());

            model.open();
            await().atMost(DEADLINE).until(() -> {
                JsonNode indexing = kb.getJson("/api/v1/status").path("indexing");
                return indexing.path("state").asText().equals("done")
                        && indexing.path("chunksAwaitingVectors").asLong() == 0
                        && indexing.path("chunksDone").asLong()
                                == indexing.path("chunksTotal").asLong()
                        && indexing.path("etaSeconds").asLong(-1) == 0;
            });
            await().atMost(DEADLINE)
                    .until(() ->
                            !kb.search("quokka service restart").get("partial").asBoolean());
            await().atMost(DEADLINE).until(() -> Json.MAPPER
                    .readTree(kb.request("/health").body())
                    .path("details")
                    .path("indexing")
                    .asText()
                    .equals("done"));
            JsonNode caughtUp = kb.search("xqzvbnmkw").get("index");
            assertFalse(caughtUp.get("firstIndexRunning").asBoolean(), caughtUp.toString());
            assertEquals(0, caughtUp.get("pendingChanges").asLong(), caughtUp.toString());
            assertFalse(caughtUp.has("notice"), "nothing waits: not found is not 'not yet' " + caughtUp);
            JsonNode after = kb.search("quokka service restart");
            assertEquals("runbooks/quokka.md", PipelineHarness.paths(after).get(0));
            assertTrue(after.get("results").get(0).get("matchedBy").toString().contains("vector"), after.toString());
        }
    }

    /** The status and the metrics name the build: its version and commit. */
    private static void assertBuildIdentified(PipelineHarness kb) throws Exception {
        JsonNode version = kb.getJson("/api/v1/status").path("version");
        assertFalse(version.path("version").asText().isEmpty(), version.toString());
        assertFalse(version.path("commit").asText().isEmpty(), version.toString());
        String metrics = kb.request("/metrics").body();
        assertTrue(
                metrics.contains(
                        "kb_build_info{commit=\"" + version.path("commit").asText() + "\",version=\""
                                + version.path("version").asText() + "\"} 1"),
                metrics);
    }
}
