package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import kb.infra.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kb up}'s port answers from its first second, before the broker and Elasticsearch are up: live 200, ready
 * and {@code /health} 503 STARTING, the API 503 {@code starting}; then the query API takes the port over and no
 * connection is refused or left unanswered meanwhile (a new connection every {@link HandoverProbe#PERIOD}).
 */
class LiveFromTheStartTest {

    /** A bound on a loaded machine's JVM start and kb's checks; what is asserted is the order below. */
    private static final Duration LIVE_WITHIN = Duration.ofSeconds(60);

    @TempDir
    Path work;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    /** Status and body, or null when nothing answers. */
    private HttpResponse<String> get(String url) throws InterruptedException {
        try {
            return send(url);
        } catch (IOException e) {
            return null;
        }
    }

    private HttpResponse<String> send(String url) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(2))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldAnswerStartingOnThePortWhenTheInfrastructureIsNotUpYet() throws Exception {
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("first.md"), "# First\n\nThe glimmerwort runbook.\n");
        int port = FreePorts.pick();
        String url = "http://localhost:" + port;
        try (KbProcess kb = KbProcess.start(
                work.resolve("logs"),
                "up",
                Map.of(),
                "up",
                "--dir",
                notes.toString(),
                "--data",
                work.resolve("data").toString(),
                "--port",
                Integer.toString(port))) {
            Instant started = Instant.now();
            HttpResponse<String> live = awaitAnswer(url + "/health/live", LIVE_WITHIN);
            Duration liveAfter = Duration.between(started, Instant.now());
            assertTrue(live != null, "no answer within " + LIVE_WITHIN + ": " + kb.stderr());
            assertFalse(kb.stderr().contains("KRaft broker ready"), "the port answers before the broker is up");
            HttpResponse<String> ready = get(url + "/health/ready");
            HttpResponse<String> health = get(url + "/health");
            HttpResponse<String> search = get(url + "/api/v1/search?q=glimmerwort");
            assertFalse(kb.stderr().contains("EmbeddedElasticsearch - ready"), "asked before Elasticsearch was up");
            System.out.printf("[live] the port answered %d ms after kb up started%n", liveAfter.toMillis());

            assertEquals(200, live.statusCode());
            assertEquals("{\"status\":\"UP\"}", live.body());
            assertEquals(503, ready.statusCode());
            assertTrue(ready.body().contains("\"STARTING\""), ready.body());
            assertEquals(503, health.statusCode());
            assertTrue(health.body().contains("\"STARTING\""), health.body());
            assertEquals(503, search.statusCode());
            assertTrue(search.body().contains("\"error\":\"starting\""), search.body());

            HandoverProbe.Result probed;
            try (HandoverProbe probe = HandoverProbe.start(port)) {
                assertPortTaken(notes, port, "holding");
                System.out.printf("[live] a second kb refused while the probe saw %s%n", probe.result());
                assertTrue(kb.awaitOutput("kb ready at", Duration.ofMinutes(4)), kb.stdout() + kb.stderr());
                probed = probe.resultAfterOneMoreAnswer(Duration.ofSeconds(30));
            }
            System.out.printf("[live] hand-over: %s%n", probed);
            assertEquals(0, probed.refused(), "connections refused during the start: " + probed + kb.stderr());
            assertEquals(0, probed.unanswered(), "connections not answered during the start: " + probed);
            assertTrue(probed.byHolding() > 0 && probed.byApi() > 0, "the probe saw no hand-over: " + probed);
            assertTrue(kb.stdout().contains("kb ready at " + url), kb.stdout() + kb.stderr());
            assertPortTaken(notes, port, "served");
            assertEquals(200, awaitStatus(url + "/health/ready", 200, Duration.ofMinutes(2)));
            assertEquals(
                    200,
                    awaitStatus(url + "/api/v1/search?q=glimmerwort", 200, Duration.ofMinutes(1)),
                    "the real API serves");
        }
    }

    /**
     * A second kb up with its own data folder and the same {@code --port} is refused with the port named (the
     * hand-over shares the one socket between the holding server and the API; nobody else can join it).
     */
    private void assertPortTaken(Path notes, int port, String when) throws Exception {
        Duration deadline = Duration.ofSeconds(10).plus(KbProcess.jvmStart(work.resolve("logs")));
        try (KbProcess second = KbProcess.start(
                work.resolve("logs"),
                "second-" + when,
                Map.of(),
                "up",
                "--dir",
                notes.toString(),
                "--data",
                work.resolve("data-" + when).toString(),
                "--port",
                Integer.toString(port))) {
            Integer status = second.exitWithin(deadline);
            String refusal = second.stderr().strip();
            assertEquals(2, status, when + ": " + second.stdout() + refusal);
            assertTrue(
                    refusal.startsWith("kb: port " + port + " on ") && refusal.contains("choose another with --port"),
                    when + ": " + refusal);
        }
    }

    private HttpResponse<String> awaitAnswer(String url, Duration deadline) throws InterruptedException {
        Instant until = Instant.now().plus(deadline);
        while (Instant.now().isBefore(until)) {
            HttpResponse<String> response = get(url);
            if (response != null) {
                return response;
            }
            Thread.onSpinWait();
        }
        return null;
    }

    private int awaitStatus(String url, int status, Duration deadline) throws InterruptedException {
        Instant until = Instant.now().plus(deadline);
        HttpResponse<String> response = get(url);
        while ((response == null || response.statusCode() != status)
                && Instant.now().isBefore(until)) {
            response = get(url);
        }
        return response == null ? -1 : response.statusCode();
    }
}
