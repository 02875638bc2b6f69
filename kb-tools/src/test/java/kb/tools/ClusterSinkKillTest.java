package kb.tools;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.infra.Infrastructure;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import kb.testkit.IsolatedSettings;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TempTrees;
import kb.tools.cluster.Cluster;
import kb.tools.cluster.ClusterLayout;
import kb.tools.cluster.Stages;
import org.junit.jupiter.api.Test;

/**
 * The reduced drill: every stage as its own process on two brokers with replication 2, two sinks sharing four
 * partitions; one sink is SIGKILLed while the folder is being indexed, and the other takes its partitions over
 * until {@code kb verify} finds no drift.
 */
class ClusterSinkKillTest {

    private static final int FILES = 400;

    @Test
    void shouldLeaveNoDriftWhenASinkIsKilledMidIngest() throws Exception {
        Path data = Files.createTempDirectory("kb-it-cluster-");
        Path folder = data.resolve("kb");
        Infrastructure shared = SharedInfrastructure.get();
        Map<String, String> env = new HashMap<>(IsolatedSettings.fresh());
        env.put(KbSettings.DEBOUNCE.name(), "100");
        ClusterLayout layout = new ClusterLayout(
                2, 0, false, shared.elasticsearchUrl(), 1, 2, 1, List.of(new Folder(null, folder)), 4, 2, 1, 0, 0, env);
        try (Cluster cluster = Cluster.start(layout, data)) {
            String api = cluster.apiUrls().get(0);
            // Half the files before the kill, half after: mid-ingest by construction, however fast the machine
            // (unloaded, all 400 were indexed between two polls of the status).
            write(folder, 0, FILES / 2);
            await().atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> documents(api) >= 20);
            long indexedWhenKilled = documents(api);
            Stages.Member victim = cluster.sinks().get(0);
            victim.child().kill();
            assertTrue(cluster.sinks().get(1).child().isAlive());
            write(folder, FILES / 2, FILES);

            VerifyCommand.Options options = new VerifyCommand.Options(
                    layout.folders(),
                    api,
                    cluster.bootstrapServers(),
                    cluster.elasticsearchUrl(),
                    Duration.ZERO,
                    new Settings(env));
            VerifyReport report =
                    VerifyCommand.checkUntilHealthy(VerifyCommand.verifier(options), Duration.ofMinutes(4));
            assertTrue(indexedWhenKilled < FILES, "the sink was killed mid-ingest (" + indexedWhenKilled + " indexed)");
            assertEquals(FILES, report.expectedDocuments());
            assertEquals(0, report.total(), () -> report.layers().toString());
        } finally {
            TempTrees.delete(data);
        }
    }

    private static void write(Path folder, int from, int to) throws java.io.IOException {
        for (int i = from; i < to; i++) {
            Files.writeString(
                    Files.createDirectories(folder.resolve("batch-" + (i % 10))).resolve("note-" + i + ".md"),
                    "# Note " + i + "\n\nThe quartzline value of note " + i + " is " + (i * 7) + ".\n",
                    StandardCharsets.UTF_8);
        }
    }

    private static long documents(String api) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(api + "/api/v1/status"))
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200
                    ? Json.MAPPER.readTree(response.body()).path("documents").asLong()
                    : 0;
        } catch (Exception e) {
            return 0;
        }
    }
}
