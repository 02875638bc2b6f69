package kb.query;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import kb.core.Json;
import kb.testkit.FreezableProxy;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * The API with Elasticsearch hung or gone: /health answers at once from the background probe (503 while L1
 * is down), L0 answers with the degraded marker, and search says "degraded" instead of a bare found=false.
 */
class ElasticsearchOutageTest {

    private static final String DEGRADED = "X-KB-Degraded";

    @Test
    void shouldAnswerHealthAtOnceAndL0DegradedWhenElasticsearchHangs() throws Exception {
        try (FreezableProxy proxy =
                        new FreezableProxy(SharedInfrastructure.get().elasticsearchUrl());
                StandaloneApi api = StandaloneApi.start(proxy.url(), Map.of())) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> api.get("/health").statusCode() == 200);
            proxy.freeze();
            long frozenAt = System.nanoTime();
            long worstHealthMs = 0;
            HttpResponse<String> health;
            do {
                long start = System.nanoTime();
                health = api.get("/health");
                worstHealthMs = Math.max(worstHealthMs, (System.nanoTime() - start) / 1_000_000);
            } while (health.statusCode() == 200
                    && System.nanoTime() - frozenAt < Duration.ofSeconds(30).toNanos());
            long downAfterMs = (System.nanoTime() - frozenAt) / 1_000_000;
            assertEquals(503, health.statusCode(), health.body());
            assertEquals(
                    "unavailable",
                    Json.MAPPER.readTree(health.body()).get("details").get("l1").asText());
            assertTrue(worstHealthMs < 1000, "/health took " + worstHealthMs + " ms with Elasticsearch hung");

            long start = System.nanoTime();
            HttpResponse<String> lookup = api.get("/api/v1/lookup?query=" + StandaloneApi.L0_KEYWORD);
            long lookupMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals(200, lookup.statusCode(), lookup.body());
            assertEquals("l1-unavailable", lookup.headers().firstValue(DEGRADED).orElse(""));
            assertEquals(
                    StandaloneApi.L0_PATH,
                    Json.MAPPER
                            .readTree(lookup.body())
                            .get("primary")
                            .get("source")
                            .asText());
            start = System.nanoTime();
            HttpResponse<String> search = api.get("/api/v1/search?q=" + StandaloneApi.L0_KEYWORD);
            long searchMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals("l1-unavailable", search.headers().firstValue(DEGRADED).orElse(""));
            JsonNode answer = Json.MAPPER.readTree(search.body());
            assertTrue(answer.get("degraded").asBoolean(), search.body());
            assertEquals(
                    StandaloneApi.L0_PATH,
                    answer.get("results").get(0).get("path").asText());
            assertTrue(lookupMs < 1000 && searchMs < 1000, "lookup " + lookupMs + " ms, search " + searchMs + " ms");
            System.out.printf(
                    "[outage] hung Elasticsearch: /health worst %d ms, 503 after %d ms; lookup %d ms, search %d ms%n",
                    worstHealthMs, downAfterMs, lookupMs, searchMs);

            proxy.thaw();
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> api.get("/health").statusCode() == 200);
        }
    }

    /**
     * A busy moment, as a first index on two cores makes one: every request (the probe's, the status observer's, the
     * calibrator's) waits 4 s, more than the client's 3 s timeout, then all answer again. /health stays UP throughout.
     */
    @Test
    void shouldStayUpWhenElasticsearchStallsForFourSeconds() throws Exception {
        try (FreezableProxy proxy =
                        new FreezableProxy(SharedInfrastructure.get().elasticsearchUrl());
                StandaloneApi api = StandaloneApi.start(proxy.url(), Map.of())) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> api.get("/health").statusCode() == 200);
            proxy.freeze();
            long frozenAt = System.nanoTime();
            int polls = 0;
            boolean thawed = false;
            while (System.nanoTime() - frozenAt < Duration.ofSeconds(10).toNanos()) {
                if (!thawed
                        && System.nanoTime() - frozenAt > Duration.ofSeconds(4).toNanos()) {
                    proxy.thaw();
                    thawed = true;
                }
                HttpResponse<String> health = api.get("/health");
                polls++;
                assertEquals(200, health.statusCode(), "after " + polls + " polls: " + health.body());
                Thread.sleep(200); // the poll period of a load balancer, not a wait for a condition
            }
            System.out.printf("[outage] 4 s stall: /health UP in all %d polls over 10 s%n", polls);
        }
    }

    @Test
    void shouldSayDegradedAndHealth503WhenElasticsearchIsGone() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        try (StandaloneApi api = StandaloneApi.start("http://127.0.0.1:" + closedPort, Map.of())) {
            HttpResponse<String> health = api.get("/health");
            assertEquals(503, health.statusCode(), health.body());
            HttpResponse<String> offTopic = api.get("/api/v1/search?q=sourdough+starter");
            assertEquals(200, offTopic.statusCode());
            assertEquals(
                    "l1-unavailable", offTopic.headers().firstValue(DEGRADED).orElse(""));
            JsonNode answer = Json.MAPPER.readTree(offTopic.body());
            assertFalse(answer.get("found").asBoolean());
            assertTrue(
                    answer.get("degraded").asBoolean(),
                    "found=false must not look like 'the knowledge base does not know'");
            HttpResponse<String> status = api.get("/api/v1/status");
            assertEquals(503, status.statusCode(), status.body());
            assertTrue(Json.MAPPER.readTree(status.body()).has("error"));
        }
    }
}
