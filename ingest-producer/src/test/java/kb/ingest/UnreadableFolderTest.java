package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kb.testkit.MissingTool;
import kb.testkit.SharedInfrastructure;
import kb.testkit.Tool;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder that becomes unreadable is withdrawn like an unreadable file, and comes back once readable. The
 * producer runs in a child process without the capabilities that let root read any folder (it would read this
 * one whatever its mode); needs root and {@code setpriv}, skipped with a message elsewhere.
 */
class UnreadableFolderTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String NO_DAC = "-dac_override,-dac_read_search";

    @TempDir
    Path base;

    @Test
    void shouldWithdrawAFolderThatBecomesUnreadableAndPublishItAgainWhenReadable() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "the producer's capabilities are dropped as root");
        Files.createDirectories(base.resolve("open"));
        Files.createDirectories(base.resolve("locked"));
        Files.writeString(base.resolve("open/a.md"), "# A\n\nreadable throughout\n");
        Files.writeString(base.resolve("locked/b.md"), "# B\n\nlocked for a while\n");
        Files.writeString(base.resolve("locked/c.md"), "# C\n\nlocked for a while too\n");
        String prefix = "u" + UUID.randomUUID().toString().substring(0, 8) + ".";
        String bootstrap = SharedInfrastructure.get().bootstrapServers();
        Process producer = startWithoutReadAnything(prefix);
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events")) {
            await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION)
                    .containsAll(List.of("open/a.md", "locked/b.md", "locked/c.md")));

            Files.setPosixFilePermissions(base.resolve("locked"), PosixFilePermissions.fromString("---------"));
            await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION)
                    .containsAll(List.of("locked/b.md(deleted)", "locked/c.md(deleted)")));
            assertTrue(!events.keysIn(TestProducers.COLLECTION).contains("open/a.md(deleted)"), "only that folder");

            Files.setPosixFilePermissions(base.resolve("locked"), PosixFilePermissions.fromString("rwxr-xr-x"));
            await().atMost(DEADLINE).until(() -> {
                List<String> keys = events.keysIn(TestProducers.COLLECTION);
                return Collections.frequency(keys, "locked/b.md") == 2
                        && Collections.frequency(keys, "locked/c.md") == 2;
            });
            assertTrue(producer.isAlive(), "the producer kept running");
        } finally {
            Files.setPosixFilePermissions(base.resolve("locked"), PosixFilePermissions.fromString("rwxr-xr-x"));
            producer.destroy();
            producer.waitFor();
        }
    }

    /** The producer's own process, as root without the capabilities to read past a folder's mode. */
    private Process startWithoutReadAnything(String prefix) throws Exception {
        MissingTool.assumeInstalled(Tool.SETPRIV);
        List<String> command = new ArrayList<>(List.of(
                "setpriv",
                "--inh-caps=" + NO_DAC,
                "--bounding-set=" + NO_DAC,
                "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "kb.ingest.IngestProducerMain"));
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().putAll(TestProducers.settings(prefix, base, Map.of("KB_METRICS_PORT", "0")));
        return builder.start();
    }
}
