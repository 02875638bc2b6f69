package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
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
 * a small tmpfs filled past the margin while files are edited, added and deleted, the pipeline stops writing, keeps
 * answering, says why on /health; once space is freed it resumes by itself and {@code kb verify} finds no drift.
 * Needs root to mount the tmpfs; skipped with a message elsewhere.
 */
class DiskFullTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);
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
    void shouldPauseWhileTheDataDiskIsFullAnswerMeanwhileAndCatchUpWithNoDriftOnceFreed() throws Exception {
        // Elasticsearch runs as an unprivileged user: it reaches a data folder inside an open folder only.
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path kbDir = Files.createDirectories(work.resolve("notes"));
        data = mountTmpfs(Files.createDirectories(work.resolve("data")), 700);
        Files.writeString(kbDir.resolve("edited.md"), "# Edited\n\nThe first version mentions quorbleflux.\n");
        Files.writeString(kbDir.resolve("deleted.md"), "# Deleted\n\nThe zintopharg note, soon deleted.\n");
        run = PipelineRun.start(
                kbDir,
                data,
                null,
                null,
                Map.of("KB_DISK_MIN_FREE_MB", Long.toString(MARGIN_MB), "KB_COLLECTION", "notes"));
        run.awaitIndexed(2, DEADLINE);

        Path filler = fillUntilFree(data, MARGIN_MB / 2);
        await().atMost(DEADLINE).until(() -> health().statusCode() == 503);
        JsonNode degraded = Json.MAPPER.readTree(health().body());
        assertEquals("DEGRADED", degraded.get("status").asText(), degraded.toString());
        assertTrue(degraded.get("reason").asText().startsWith("disk full"), degraded.toString());
        Files.writeString(kbDir.resolve("edited.md"), "# Edited\n\nThe second version mentions plumbostrat.\n");
        Files.writeString(kbDir.resolve("added.md"), "# Added\n\nThe vexillotorp note, added while full.\n");
        Files.delete(kbDir.resolve("deleted.md"));
        assertTrue(run.search("quorbleflux", "").get("results").size() > 0, "answers keep coming while full");
        assertEquals(
                "disk full",
                run.get("/api/v1/status").get("disk").asText().substring(0, 9),
                "the status page says why indexing waits");

        Files.delete(filler);
        await().atMost(DEADLINE).until(() -> health().statusCode() == 200);
        VerifyReport report =
                VerifyCommand.checkUntilHealthy(VerifyCommand.verifier(run.verifyOptions("notes", kbDir)), DEADLINE);
        assertTrue(report.healthy(), report.layers().toString());
        assertTrue(PipelineHarness.anyChunkContains(run.search("vexillotorp", ""), "vexillotorp"), "the added file");
        assertTrue(PipelineHarness.anyChunkContains(run.search("plumbostrat", ""), "plumbostrat"), "the edit");
        assertTrue(!PipelineHarness.anyChunkContains(run.search("quorbleflux", ""), "quorbleflux"), "no stale chunk");
        assertTrue(!PipelineHarness.anyChunkContains(run.search("zintopharg", ""), "zintopharg"), "the delete");
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

    /** Writes zeros (a tmpfs holds what is written, not what is reserved) until this much is left. */
    private static Path fillUntilFree(Path dir, long freeMb) throws IOException {
        Path filler = dir.resolve("filler.bin");
        byte[] block = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (Files.getFileStore(dir).getUsableSpace() > (freeMb + 1) * 1024 * 1024) {
                out.write(block);
            }
        }
        return filler;
    }

    private HttpResponse<String> health() throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(
                                URI.create("http://localhost:" + run.pipeline().port() + "/health"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
