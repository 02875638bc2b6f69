package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import kb.core.settings.KbSettings;
import kb.infra.DataFolderLock;
import kb.infra.Infrastructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker and Elasticsearch start at the same time ({@code Infrastructure.start}); when one of them fails, the
 * start fails with its error and the other is stopped: no Elasticsearch child process and no broker outlive it, and
 * the data folder can be started again.
 */
class InfrastructureStartFailureTest {

    private static final Duration STOPPED = Duration.ofSeconds(60);

    @TempDir
    Path data;

    @Test
    void shouldStopElasticsearchWhenTheBrokerFailsToStart() throws Exception {
        // A log folder formatted for another node: the broker refuses it about a second into its start, while
        // Elasticsearch's JVM is booting.
        Path logDir = Files.createDirectories(data.resolve("kafka"));
        Files.writeString(
                logDir.resolve("meta.properties"),
                "version=1\ncluster.id=AAAAAAAAAAAAAAAAAAAAAA\nnode.id=99\ndirectory.id=AAAAAAAAAAAAAAAAAAAAAA\n");

        Set<Long> before = elasticsearchChildren();
        RuntimeException failure = assertThrows(RuntimeException.class, () -> start(System.getenv()));

        assertTrue(String.valueOf(failure.getMessage()).contains("99"), failure.toString());
        await().atMost(STOPPED).until(() -> startedSince(before).isEmpty());
        DataFolderLock.acquire(data).close(); // the folder was released
    }

    @Test
    void shouldStopTheBrokerWhenElasticsearchFailsToStart() throws Exception {
        Map<String, String> settings = new HashMap<>(System.getenv());
        settings.put(KbSettings.ES_JAVA_OPTS.name(), "-XX:+NoSuchOptionInThisJvm"); // its JVM refuses to start

        Set<Long> before = elasticsearchChildren();
        IOException failure = assertThrows(IOException.class, () -> start(settings));

        assertTrue(failure.getMessage().contains("Elasticsearch exited"), failure.getMessage());
        assertEquals(Set.of(), startedSince(before));
        assertTrue(brokerReleased(data.resolve("kafka")), "the broker's log folder is no longer locked");
        DataFolderLock.acquire(data).close();
    }

    private Infrastructure start(Map<String, String> settings) throws Exception {
        return Infrastructure.start(DataFolderLock.acquire(data), null, null, 0, settings);
    }

    /** Kafka holds {@code .lock} in its log folder while the broker runs; this JVM can take it only after. */
    private static boolean brokerReleased(Path logDir) throws IOException {
        Path lockFile = logDir.resolve(".lock");
        if (!Files.exists(lockFile)) {
            return true;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            return lock != null;
        } catch (OverlappingFileLockException e) {
            return false;
        }
    }

    /**
     * The Elasticsearch processes this JVM runs (their ids). Other tests in the same fork may have one running
     * already (the shared infrastructure), so a test compares with what ran before its start.
     */
    private static Set<Long> elasticsearchChildren() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(h -> h.info().commandLine().orElse("").contains("elasticsearch"))
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static Set<Long> startedSince(Set<Long> before) {
        Set<Long> started = new HashSet<>(elasticsearchChildren());
        started.removeAll(before);
        return started;
    }
}
