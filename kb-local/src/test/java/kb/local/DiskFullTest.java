package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import kb.core.Json;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full data disk is a state, not a crash: with the data folder (broker log, Elasticsearch data, Streams state) on
 * a small tmpfs filled by {@code dd} to the last byte (0 bytes free), three times in a row, while files are edited,
 * added and deleted, the pipeline stops writing, keeps answering, says why on /health within 2 s, and its broker
 * never halts the JVM (before kb's reserve its checkpoint write failed and KRaft halted the JVM about 7 s after the
 * disk filled; should a checkpoint still fall in the milliseconds before the reserve gives room, the supervisor
 * restarts the broker instead, see BrokerDiskFullTest); once space is freed it resumes by itself and {@code kb verify}
 * finds no drift. Needs root to mount the tmpfs; skipped with a message elsewhere.
 */
class DiskFullTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);
    private static final Duration DEGRADED_WITHIN = Duration.ofSeconds(2);
    /** Longer than the broker's checkpoint intervals that failed (about 7 s after the disk filled). */
    private static final Duration HELD_FULL = Duration.ofSeconds(15);

    private static final long MARGIN_MB = 64;

    @TempDir
    Path work;

    private Path data;
    private PipelineRun run;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void unmount() throws Exception {
        if (run != null) {
            run.close();
        }
        if (data != null) {
            new ProcessBuilder("umount", "-l", data.toString())
                    .inheritIO()
                    .start()
                    .waitFor();
        }
    }

    @Test
    void shouldPauseWhileTheDataDiskIsFullToTheLastByteAnswerMeanwhileAndCatchUpWithNoDriftOnceFreed()
            throws Exception {
        // Elasticsearch runs as an unprivileged user: it reaches a data folder inside an open folder only.
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path kbDir = Files.createDirectories(work.resolve("notes"));
        data = mountTmpfs(Files.createDirectories(work.resolve("data")), 700);
        Files.writeString(kbDir.resolve("edited.md"), "# Edited\n\nThe first version mentions quorbleflux.\n");
        for (int round = 0; round < 3; round++) {
            Files.writeString(
                    kbDir.resolve("deleted-" + round + ".md"),
                    "# Deleted\n\nThe zintopharg" + round + " note, soon deleted.\n");
        }
        run = PipelineRun.start(
                kbDir,
                data,
                null,
                null,
                Map.of("KB_DISK_MIN_FREE_MB", Long.toString(MARGIN_MB), "KB_COLLECTION", "notes"));
        run.awaitIndexed(4, DEADLINE);

        for (int round = 0; round < 3; round++) {
            fullRound(kbDir, round);
        }
        VerifyReport report =
                VerifyCommand.checkUntilHealthy(VerifyCommand.verifier(run.verifyOptions("notes", kbDir)), DEADLINE);
        assertTrue(report.healthy(), report.layers().toString());
        for (int round = 0; round < 3; round++) {
            String added = "vexillotorp" + round;
            assertTrue(PipelineHarness.anyChunkContains(run.search(added, ""), added), "the added file " + added);
            String deleted = "zintopharg" + round;
            assertTrue(!PipelineHarness.anyChunkContains(run.search(deleted, ""), deleted), "the delete " + deleted);
        }
        assertTrue(PipelineHarness.anyChunkContains(run.search("plumbostrat2", ""), "plumbostrat2"), "the edit");
        assertTrue(!PipelineHarness.anyChunkContains(run.search("quorbleflux", ""), "quorbleflux"), "no stale chunk");
    }

    /** dd to 0 bytes free; 503 within 2 s; edits while full; answers all along; free again; 200 again. */
    private void fullRound(Path kbDir, int round) throws Exception {
        long filledAt = fillToTheLastByte(data.resolve("filler-" + round));
        await().atMost(DEGRADED_WITHIN).pollInterval(Duration.ofMillis(100)).until(() -> health().statusCode() == 503);
        System.out.printf(
                "[disk-full] round %d: /health 503 %d ms after dd ended%n",
                round, (System.nanoTime() - filledAt) / 1_000_000);
        JsonNode degraded = Json.MAPPER.readTree(health().body());
        assertEquals("DEGRADED", degraded.get("status").asText(), degraded.toString());
        assertTrue(degraded.get("reason").asText().startsWith("disk full"), degraded.toString());
        Files.writeString(
                kbDir.resolve("edited.md"), "# Edited\n\nVersion " + round + " mentions plumbostrat" + round + ".\n");
        Files.writeString(
                kbDir.resolve("added-" + round + ".md"),
                "# Added\n\nThe vexillotorp" + round + " note, added while full.\n");
        Files.delete(kbDir.resolve("deleted-" + round + ".md"));
        // Held for the whole span, sampled every half second: kb answers, degraded, throughout.
        await().during(HELD_FULL)
                .atMost(HELD_FULL.plus(DEADLINE))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    assertEquals(503, health().statusCode(), "kb answers, degraded, while full");
                });
        // On a loaded machine one Elasticsearch call can pass the API's 3 s timeout (a 503 of its own): ask again.
        await().atMost(DEADLINE)
                .ignoreExceptions()
                .untilAsserted(() -> assertTrue(
                        run.get("/api/v1/status").get("disk").asText().startsWith("disk full"), "the status says why"));
        await().atMost(DEADLINE)
                .ignoreExceptions()
                .untilAsserted(() ->
                        assertTrue(run.search("vexillotorp", "").has("results"), "answers keep coming while full"));
        Files.delete(data.resolve("filler-" + round));
        await().atMost(DEADLINE).until(() -> health().statusCode() == 200);
        System.out.printf("[disk-full] round %d: resumed%n", round);
    }

    private static Path mountTmpfs(Path dir, int megabytes) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        Process mount = new ProcessBuilder(
                        "mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", dir.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(mount.getInputStream().readAllBytes());
        assumeTrue(mount.waitFor() == 0, "cannot mount a tmpfs here: " + output);
        return dir;
    }

    /** {@code dd} of zeros until "No space left on device", as an operator's copy fills a disk; returns its end. */
    private long fillToTheLastByte(Path filler) throws Exception {
        Process dd = new ProcessBuilder("dd", "if=/dev/zero", "of=" + filler, "bs=1M")
                .redirectErrorStream(true)
                .start();
        String output = new String(dd.getInputStream().readAllBytes());
        dd.waitFor();
        long end = System.nanoTime();
        assertTrue(output.contains("No space left on device"), output);
        System.out.printf(
                "[disk-full] %s: dd stopped at %d bytes free%n",
                filler.getFileName(), Files.getFileStore(data).getUsableSpace());
        return end;
    }

    private HttpResponse<String> health() throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(
                                URI.create("http://localhost:" + run.pipeline().port() + "/health"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
