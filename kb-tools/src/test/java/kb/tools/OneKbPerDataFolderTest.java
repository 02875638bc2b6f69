package kb.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import kb.infra.FreePorts;
import kb.infra.Infrastructure;
import kb.infra.StartRefused;
import kb.local.KbMain;
import kb.local.KbProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code kb} on one data folder: the second, a real process, is refused within 2 s (beyond a JVM's start, as
 * {@code kb --help} takes it now) with who holds the folder
 * (status 2), as is a {@code kb cluster up} and a pipeline run ({@code kb eval --work}) on it; the first, untouched,
 * stays healthy, follows an edit with no drift and stops within 10 s on SIGTERM. Before the lock the second start
 * rewrote the first's KRaft metadata log.
 */
class OneKbPerDataFolderTest {

    private static final Duration REFUSED_WITHIN = Duration.ofSeconds(2);

    @TempDir
    Path work;

    @Test
    void shouldRefuseASecondKbWhenTheDataFolderIsInUseAndKeepTheFirstHealthy() throws Exception {
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("first.md"), "# First\n\nThe glimmerwort runbook.\n");
        Path data = work.resolve("data");
        int port = FreePorts.pick();
        String url = "http://localhost:" + port;
        try (KbProcess first = KbProcess.start(
                work.resolve("logs"),
                "first",
                Map.of(),
                "up",
                "--dir",
                notes.toString(),
                "--data",
                data.toString(),
                "--port",
                Integer.toString(port))) {
            assertTrue(first.awaitOutput("kb ready at", Duration.ofMinutes(4)), first.stdout() + first.stderr());

            String expected = "kb: " + data + " is in use by kb (pid " + first.pid() + ", " + url + ")";
            assertEquals(
                    expected,
                    refused(
                            "second",
                            "up",
                            "--dir",
                            notes.toString(),
                            "--data",
                            data.toString(),
                            "--port",
                            Integer.toString(FreePorts.pick())));
            assertEquals(
                    expected,
                    refused("cluster", "cluster", "up", "--dir", notes.toString(), "--data", data.toString()));
            long start = System.nanoTime();
            StartRefused run = assertThrows(StartRefused.class, () -> Infrastructure.start(data, null, null));
            assertTrue((System.nanoTime() - start) / 1_000_000 < REFUSED_WITHIN.toMillis(), "a pipeline run too");
            assertEquals(expected, "kb: " + run.getMessage());

            assertEquals(200, health(url), "the first is unharmed");
            Files.writeString(notes.resolve("second.md"), "# Second\n\nThe bramblequill note.\n");
            int verified = KbMain.commandLine(Map.of())
                    .execute("verify", "--data", data.toString(), "--dir", notes.toString(), "--wait", "90");
            assertEquals(0, verified, "no drift in the first");
            assertEquals(200, health(url));

            long term = System.nanoTime();
            assertTrue(first.terminate(Duration.ofSeconds(10)), "the first stops within 10 s on SIGTERM");
            System.out.printf(
                    "[one-kb] the first stopped %d ms after SIGTERM%n", (System.nanoTime() - term) / 1_000_000);
        }
    }

    private String refused(String name, String... args) throws Exception {
        Duration deadline = REFUSED_WITHIN.plus(KbProcess.jvmStart(work.resolve("logs")));
        long start = System.nanoTime();
        try (KbProcess second = KbProcess.start(work.resolve("logs"), name, Map.of(), args)) {
            Integer status = second.exitWithin(deadline);
            System.out.printf(
                    "[one-kb] %s: status %s in %d ms%n", name, status, (System.nanoTime() - start) / 1_000_000);
            assertEquals(2, status, name + " refused within " + deadline + ":\n" + second.stdout() + second.stderr());
            return second.stderr().strip();
        }
    }

    private static int health(String url) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(url + "/health")).build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
