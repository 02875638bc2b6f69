package kb.query;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import kb.core.Json;
import kb.infra.ElasticsearchLaunch;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.Infrastructure;
import kb.testkit.TempTrees;
import org.junit.jupiter.api.Test;

/**
 * A killed embedded Elasticsearch comes back by itself within 60 s while the API says 503 and answers
 * degraded; when it cannot come back, the give-up listener (which makes {@code kb} exit non-zero) is told.
 */
class ElasticsearchRecoveryTest {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void shouldRestartElasticsearchWhenItIsKilledAndGiveUpWhenItCannotStart() throws Exception {
        Path root = Files.createTempDirectory("kb-it-recovery-");
        AtomicReference<String> gaveUp = new AtomicReference<>();
        EmbeddedElasticsearch es =
                EmbeddedElasticsearch.start(ElasticsearchLaunch.of(Infrastructure.distributionZip(), root, "512m"));
        es.onGiveUp(gaveUp::set);
        try (StandaloneApi api = StandaloneApi.start(es.url(), Map.of())) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> api.get("/health").statusCode() == 200);
            killServer(es);
            long killedAt = System.nanoTime();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> api.get("/health").statusCode() == 503);
            JsonNode degraded = Json.MAPPER.readTree(
                    api.get("/api/v1/search?q=" + StandaloneApi.L0_KEYWORD).body());
            assertTrue(degraded.get("degraded").asBoolean(), degraded.toString());
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> healthy(es.url()) && api.get("/health").statusCode() == 200);
            System.out.printf(
                    "[recovery] Elasticsearch killed -9: API healthy again after %d ms%n",
                    (System.nanoTime() - killedAt) / 1_000_000);

            // The distribution is shared by every instance on the machine: break this instance's own config.
            Files.writeString(
                    es.configFolder().resolve("elasticsearch.yml"),
                    "\nnot.a.setting.kb.test: true\n",
                    java.nio.file.StandardOpenOption.APPEND);
            killServer(es);
            await().atMost(Duration.ofSeconds(240)).until(() -> gaveUp.get() != null); // three failed starts of a JVM
            assertTrue(gaveUp.get().contains("not restarting it again"), gaveUp.get());
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> api.get("/health").statusCode() == 503);
        } finally {
            es.close();
            TempTrees.delete(root);
        }
    }

    /** SIGKILL to Elasticsearch's server process, as the OOM killer or an operator would. */
    private static void killServer(EmbeddedElasticsearch es) {
        List<ProcessHandle> servers = es.processHandle()
                .descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("org.elasticsearch.bootstrap.Elasticsearch"))
                .toList();
        assertTrue(
                !servers.isEmpty(),
                "no Elasticsearch server process under " + es.processHandle().pid());
        servers.forEach(ProcessHandle::destroyForcibly);
    }

    private static boolean healthy(String url) {
        try {
            return HTTP.send(
                                    HttpRequest.newBuilder(URI.create(url + "/_cluster/health"))
                                            .timeout(Duration.ofSeconds(2))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode()
                    == 200;
        } catch (Exception e) {
            return false;
        }
    }
}
