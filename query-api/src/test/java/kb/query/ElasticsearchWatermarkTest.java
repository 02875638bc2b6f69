package kb.query;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.RandomAccessFile;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import kb.core.Json;
import kb.infra.ElasticsearchLaunch;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.Infrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Elasticsearch on a small tmpfs of its own, filled past its high watermark by a ballast file: kb's own disk margin
 * (256 MB of a larger disk) sees nothing, Elasticsearch's limit does, and {@code /health} says DEGRADED with the
 * watermark and the free space it wants; the ballast removed, UP again. Needs root to mount the tmpfs.
 */
class ElasticsearchWatermarkTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int TMPFS_MB = 320;

    private Path mount;

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            new ProcessBuilder("umount", "-l", mount.toString())
                    .inheritIO()
                    .start()
                    .waitFor();
            Files.deleteIfExists(mount);
        }
    }

    @Test
    void shouldSayDegradedWithTheWatermarkWhenElasticsearchsDiskFillsAndUpWhenSpaceIsBack() throws Exception {
        mount = mountTmpfs();
        EmbeddedElasticsearch es = EmbeddedElasticsearch.start(
                ElasticsearchLaunch.of(Infrastructure.distributionZip(), mount.resolve("es"), "512m"));
        try (StandaloneApi api = StandaloneApi.start(es.url(), Map.of())) {
            await().atMost(DEADLINE).until(() -> api.get("/health").statusCode() == 200);
            FileStore store = Files.getFileStore(mount);
            long total = store.getTotalSpace();
            // 7 % free: past the high watermark (90 % used), short of the flood stage (95 %).
            Path ballast = mount.resolve("ballast");
            fill(ballast, store.getUsableSpace() - total * 7 / 100);
            long filledAt = System.nanoTime();
            AtomicReference<HttpResponse<String>> health = new AtomicReference<>();
            await().atMost(DEADLINE).until(() -> {
                health.set(api.get("/health"));
                return health.get().statusCode() == 503;
            });
            JsonNode body = Json.MAPPER.readTree(health.get().body());
            String reason = body.get("reason").asText();
            assertEquals("DEGRADED", body.get("status").asText(), body.toString());
            assertTrue(reason.contains("past its high watermark") && reason.contains("it wants 32 MB free"), reason);
            assertEquals("up", body.get("details").get("l1").asText(), "Elasticsearch still answers");
            long degradedMs = (System.nanoTime() - filledAt) / 1_000_000;

            Files.delete(ballast);
            long freedAt = System.nanoTime();
            await().atMost(DEADLINE).until(() -> api.get("/health").statusCode() == 200);
            System.out.printf(
                    "[watermark] tmpfs %d MB filled to 7 %% free: DEGRADED after %d ms (%s); ballast removed: UP after"
                            + " %d ms%n",
                    total >> 20, degradedMs, reason, (System.nanoTime() - freedAt) / 1_000_000);
        } finally {
            es.close();
        }
    }

    /** A tmpfs on a folder Elasticsearch's unprivileged user may walk to, so its data stays on it. */
    private static Path mountTmpfs() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        Path dir = Files.createDirectory(
                Path.of(System.getProperty("java.io.tmpdir"), "kb-it-watermark-" + UUID.randomUUID()),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Process mount = new ProcessBuilder(
                        "mount", "-t", "tmpfs", "-o", "size=" + TMPFS_MB + "m,mode=0755", "tmpfs", dir.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (mount.waitFor() != 0) {
            Files.delete(dir);
        }
        assumeTrue(mount.exitValue() == 0, "cannot mount a tmpfs here (a container without CAP_SYS_ADMIN?): " + output);
        return dir;
    }

    /** Written, not sparse: a tmpfs counts only the pages that hold bytes. */
    private static void fill(Path file, long bytes) throws Exception {
        ByteBuffer block = ByteBuffer.allocate(1 << 20);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw");
                FileChannel channel = raf.getChannel()) {
            for (long written = 0; written < bytes; ) {
                block.clear().limit((int) Math.min(block.capacity(), bytes - written));
                written += channel.write(block);
            }
        }
    }
}
