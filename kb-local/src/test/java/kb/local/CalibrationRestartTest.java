package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.Json;
import kb.core.runtime.Metrics;
import kb.core.settings.Settings;
import kb.query.ApiHost;
import kb.query.QueryService;
import kb.query.config.QueryConfig;
import kb.search.es.EsClients;
import kb.testkit.FreezableProxy;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * A kept index whose API restarts while Elasticsearch does not answer: the gate's measurement is retried soon after
 * Elasticsearch answers again (not a whole period later), and the index answers as it did before the restart, not
 * with the model's default threshold and the configured weights.
 */
class CalibrationRestartTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final List<String> PATHS = List.of("ops/compactor.md", "ops/ingesters.md", "ops/ring.md");
    private static final String OFF_TOPIC = "what is a good recipe for banana bread";
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void shouldAnswerAsBeforeSoonAfterElasticsearchAnswersAgainWhenRestartedDuringAnOutage() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("ops/ingesters.md", "# Scaling ingesters\n\nFlush an ingester's series before removing it.\n");
            kb.write("ops/compactor.md", "# Compactor\n\nThe compactor merges blocks in object storage.\n");
            kb.write("ops/ring.md", "# Hash ring\n\nMemberlist gossips the ring between distributors.\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(PATHS) && settled(kb.getJson("/api/v1/status")));
            JsonNode before = kb.getJson("/api/v1/status").get("gate");
            assertEquals("calibrated", before.get("source").asText(), before.toString());
            boolean deflected = !kb.search(OFF_TOPIC).get("found").asBoolean();
            kb.stop();

            try (FreezableProxy proxy =
                    new FreezableProxy(SharedInfrastructure.get().elasticsearchUrl())) {
                proxy.freeze();
                ElasticsearchClient client =
                        EsClients.create(proxy.url(), Duration.ofSeconds(2), Duration.ofSeconds(3));
                try (QueryService api = restartedApi(kb.prefix(), proxy.url(), client)) {
                    await().atMost(DEADLINE).until(() -> api.calibration().failures() > 0);
                    proxy.thaw();
                    long thawed = System.nanoTime();
                    await().atMost(Duration.ofSeconds(10)).until(() -> "calibrated"
                            .equals(status(api).path("gate").path("source").asText()));
                    long servedMs = (System.nanoTime() - thawed) / 1_000_000;
                    JsonNode after = status(api).get("gate");
                    assertEquals(before.get("minCosine"), after.get("minCosine"), after.toString());
                    assertTrue(List.of("kept", "measured")
                            .contains(status(api)
                                    .path("calibration")
                                    .path("state")
                                    .asText()));
                    assertEquals(before.get("chunks"), after.get("chunks"), after.toString());
                    assertEquals(deflected, !search(api, OFF_TOPIC).get("found").asBoolean());
                    await().atMost(DEADLINE).until(() -> settled(status(api)));
                    JsonNode calibration = status(api).get("calibration");
                    assertEquals("measured", calibration.get("state").asText(), calibration.toString());
                    assertTrue(calibration.get("lastError").isNull(), calibration.toString());
                    System.out.printf(
                            "[calibration-restart] served as before %d ms after Elasticsearch answered again%n",
                            servedMs);
                } finally {
                    client._transport().close();
                }
            }
        }
    }

    /** The same index's API started again, on its own, through the proxy. */
    private static QueryService restartedApi(String prefix, String url, ElasticsearchClient client) throws Exception {
        QueryConfig config = QueryConfig.from(new Settings(Map.of(
                "KB_KAFKA_BOOTSTRAP",
                SharedInfrastructure.get().bootstrapServers(),
                "KB_TOPIC_PREFIX",
                prefix + ".",
                "KB_INDEX_PREFIX",
                prefix,
                "KB_ES_URL",
                url,
                "KB_API_PORT",
                "0",
                "KB_COLLECTION",
                PipelineHarness.COLLECTION)));
        return new QueryService(
                        config,
                        client,
                        SharedInfrastructure.embeddings(),
                        Metrics.newRegistry(),
                        ApiHost.standalone(Set.of("md"), () -> true))
                .start();
    }

    private JsonNode status(QueryService api) throws Exception {
        return get(api, "/api/v1/status");
    }

    private JsonNode search(QueryService api, String query) throws Exception {
        return get(api, "/api/v1/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    }

    private JsonNode get(QueryService api, String pathAndQuery) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + api.port() + pathAndQuery))
                        .timeout(Duration.ofSeconds(20))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return Json.MAPPER.readTree(response.body());
    }

    private static boolean settled(JsonNode status) {
        return status.path("fusion").path("settled").asBoolean();
    }
}
