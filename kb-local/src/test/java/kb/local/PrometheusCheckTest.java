package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.infra.FreePorts;
import kb.testkit.MissingTool;
import kb.testkit.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * A real Prometheus (Debian package; .ci/run installs it) scrapes the embedded pipeline: promtool accepts
 * the config and the rules, and every expression of every dashboard panel and alert rule returns data, so
 * no dashboard ships with a query that matches nothing.
 */
class PrometheusCheckTest {

    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");

    @TempDir
    Path dir;

    @Test
    void shouldAnswerEveryDashboardAndAlertExpressionFromARealPrometheus() throws Exception {
        MissingTool.assumeInstalled(Tool.PROMETHEUS);
        Path alerts = InfraFilesTest.INFRA
                .resolve("prometheus/alerts.yml")
                .toAbsolutePath()
                .normalize();
        assertEquals(0, run(PROMTOOL.toString(), "check", "rules", alerts.toString()));
        assertEquals(
                0,
                run(
                        PROMTOOL.toString(),
                        "check",
                        "config",
                        "--syntax-only",
                        InfraFilesTest.INFRA
                                .resolve("prometheus/prometheus.yml")
                                .toString()));
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.start();
            Path config = dir.resolve("prometheus.yml");
            Files.writeString(
                    config,
                    """
                    global: {scrape_interval: 1s, evaluation_interval: 1s}
                    rule_files: ["%s"]
                    scrape_configs:
                      - job_name: kb
                        static_configs: [{targets: ["localhost:%d"]}]
                    """
                            .formatted(alerts, kb.port()));
            assertEquals(0, run(PROMTOOL.toString(), "check", "config", config.toString()));
            int port = FreePorts.pick();
            Process prometheus = new ProcessBuilder(
                            PROMETHEUS.toString(),
                            "--config.file=" + config,
                            "--storage.tsdb.path=" + dir.resolve("tsdb"),
                            "--web.listen-address=127.0.0.1:" + port)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("prometheus.log").toFile())
                    .start();
            try {
                activity(kb);
                List<String> expressions = expressions(alerts);
                await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofSeconds(2))
                        .until(() -> empty(port, expressions).isEmpty());
            } finally {
                prometheus.destroy();
                prometheus.waitFor();
            }
        }
    }

    /** Files (one of them binary, for a dead letter), an edit and a delete, found and deflected searches. */
    private static void activity(PipelineHarness kb) throws Exception {
        kb.write("ops/a.md", "# Alpha\n\nThe metricprobe runbook.\n");
        kb.write("ops/b.md", "# Beta\n\nSecond note.\n");
        Files.write(kb.kbDir().resolve("ops/blob.md"), new byte[] {'x', 0, 'y'});
        await().atMost(Duration.ofSeconds(60)).until(() -> kb.indexed(List.of("ops/a.md", "ops/b.md")));
        kb.write("ops/a.md", "# Alpha\n\nThe metricprobe runbook, edited.\n");
        kb.delete("ops/b.md");
        await().atMost(Duration.ofSeconds(60)).until(() -> kb.indexed(List.of("ops/a.md")));
        kb.search("metricprobe");
        kb.search("sourdough starter");
        kb.lookup("metricprobe");
    }

    @SuppressWarnings("unchecked")
    private static List<String> expressions(Path alerts) throws Exception {
        List<String> expressions = new ArrayList<>();
        JsonNode dashboard = Json.MAPPER.readTree(InfraFilesTest.INFRA
                .resolve("grafana/dashboards/kb-pipeline.json")
                .toFile());
        dashboard.get("panels").forEach(p -> p.get("targets")
                .forEach(t -> expressions.add(t.get("expr").asText())));
        Map<String, Object> rules = new Yaml().load(Files.readString(alerts));
        for (Map<String, Object> group : (List<Map<String, Object>>) rules.get("groups")) {
            for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
                // An alert's comparison is empty while it is not firing: check the measured side.
                expressions.add(rule.get("expr").toString().replaceAll("\\s*(>|<|==|!=|>=|<=)\\s*[0-9.]+\\s*$", ""));
            }
        }
        return expressions;
    }

    private static List<String> empty(int port, List<String> expressions) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<String> empty = new ArrayList<>();
        for (String expression : expressions) {
            URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query="
                    + URLEncoder.encode(expression, StandardCharsets.UTF_8));
            try {
                JsonNode body = Json.MAPPER.readTree(
                        http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                                .body());
                if (!"success".equals(body.path("status").asText())
                        || body.path("data").path("result").isEmpty()) {
                    empty.add(expression);
                }
            } catch (java.io.IOException e) {
                empty.add(expression + " (" + e.getMessage() + ")");
            }
        }
        if (!empty.isEmpty()) {
            System.out.println("[prometheus] still empty: " + empty);
        }
        return empty;
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = p.waitFor();
        if (exit != 0) {
            System.out.println(String.join(" ", command) + "\n" + output);
        }
        return exit;
    }
}
