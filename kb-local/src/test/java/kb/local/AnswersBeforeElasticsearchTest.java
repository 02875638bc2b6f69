package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Duration;
import kb.core.Json;
import kb.infra.FreePorts;
import org.junit.jupiter.api.Test;

/**
 * A restart as {@code kb up} makes it (real broker, Elasticsearch and model): the API answers from the keyword index
 * (L0) while Elasticsearch still boots, ready by {@code /health/ready} and STARTING by {@code /health}, with the
 * reason; once Elasticsearch answers, every arm does and {@code /health} is UP.
 */
class AnswersBeforeElasticsearchTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @Test
    void shouldAnswerFromL0WhileElasticsearchStartsThenFromEveryArm() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write(
                    "runbooks/quokka.md",
                    "---\nkeywords: [ERR_QUOKKA_42]\n---\n# Quokka runbook\n\nRestart the quokka service when"
                            + " ERR_QUOKKA_42 appears.\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(java.util.List.of("runbooks/quokka.md")));
            kb.stop();

            // Nothing listens there: every request to Elasticsearch would be refused, as during its boot.
            kb.startBeforeElasticsearch("http://127.0.0.1:" + FreePorts.pick());
            assertEquals(200, kb.request("/health/ready").statusCode(), "ready: the scan and L0 are in");
            HttpResponse<String> health = kb.request("/health");
            assertEquals(503, health.statusCode(), health.body());
            JsonNode body = Json.MAPPER.readTree(health.body());
            assertEquals("STARTING", body.get("status").asText(), health.body());
            assertTrue(
                    body.path("details").path("l1Problem").asText().startsWith("Elasticsearch is starting"),
                    health.body());
            JsonNode lookup = kb.lookup("ERR_QUOKKA_42");
            assertEquals(
                    "runbooks/quokka.md", lookup.path("primary").path("source").asText(), lookup.toString());
            JsonNode early = kb.search("ERR_QUOKKA_42");
            assertEquals("runbooks/quokka.md", PipelineHarness.paths(early).get(0), early.toString());

            HttpResponse<String> reindex = kb.send(java.net.http.HttpRequest.newBuilder(kb.uri("/api/v1/reindex"))
                    .POST(java.net.http.HttpRequest.BodyPublishers.noBody()));
            assertEquals(503, reindex.statusCode(), "the sink has not read its index versions yet: " + reindex.body());

            kb.finishWithElasticsearch();
            await().atMost(DEADLINE).until(() -> kb.request("/health").statusCode() == 200);
            JsonNode answer = kb.search("how do I restart the quokka service");
            assertEquals("runbooks/quokka.md", PipelineHarness.paths(answer).get(0), answer.toString());
            assertTrue(answer.get("results").get(0).get("matchedBy").toString().contains("bm25"), answer.toString());
        }
    }
}
