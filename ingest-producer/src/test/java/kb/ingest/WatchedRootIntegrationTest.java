package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import kb.core.runtime.DiskSpace;
import kb.core.settings.Settings;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watched folder itself moved, deleted or replaced, as an operator does it in a shell ({@code mv kb kb.old; mkdir
 * kb}), and symlinks that loop: the index follows what is at the path.
 */
class WatchedRootIntegrationTest {

    /** The brief's bound: noticed within seconds (checked every second, debounced, published). */
    private static final Duration NOTICED = Duration.ofSeconds(5);

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path parent;

    private Path kb;
    private String prefix;
    private final DiskSpace health = new DiskSpace(List.of(), 0);

    @BeforeEach
    void setUp() throws Exception {
        prefix = "r" + UUID.randomUUID().toString().substring(0, 8) + ".";
        kb = Files.createDirectories(parent.resolve("kb"));
    }

    private IngestProducer start() throws Exception {
        IngestProducer producer = new IngestProducer(
                ProducerConfig.from(new Settings(TestProducers.settings(prefix, kb, Map.of()))),
                new SimpleMeterRegistry(),
                Clock.systemUTC(),
                health);
        producer.start();
        assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
        return producer;
    }

    private TopicReader events() throws Exception {
        return new TopicReader(SharedInfrastructure.get().bootstrapServers(), prefix + "file-events");
    }

    /** What the index holds now: the keys of the last record of each path that is not a tombstone. */
    private static Set<String> live(TopicReader events) {
        Map<String, Boolean> last = new HashMap<>();
        for (String key : events.keysIn(TestProducers.COLLECTION)) {
            boolean deleted = key.endsWith("(deleted)");
            last.put(deleted ? key.substring(0, key.length() - "(deleted)".length()) : key, !deleted);
        }
        return last.entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    private static void shell(String... command) throws Exception {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, process.waitFor(), String.join(" ", command));
    }

    private void write(Path folder, String path, String content) throws Exception {
        Files.createDirectories(folder.resolve(path).getParent());
        Files.writeString(folder.resolve(path), content);
    }

    @Test
    void shouldWithdrawTheOldFilesAndIndexTheNewOnesWhenTheWatchedFolderIsMovedAwayAndCreatedAgain() throws Exception {
        write(kb, "a.md", "alpha");
        write(kb, "ops/b.md", "beta");
        try (TopicReader events = events();
                IngestProducer producer = start()) {
            await().atMost(DEADLINE).until(() -> live(events).equals(Set.of("a.md", "ops/b.md")));
            shell("mv", kb.toString(), parent.resolve("kb.old").toString());
            shell("mkdir", kb.toString());
            write(kb, "new.md", "written into the new folder");
            await().atMost(NOTICED).until(() -> live(events).equals(Set.of("new.md")));
            write(parent.resolve("kb.old"), "late.md", "an edit in the folder moved away");
            write(kb, "sentinel.md", "last");
            await().atMost(DEADLINE).until(() -> live(events).contains("sentinel.md"));
            assertEquals(Set.of("new.md", "sentinel.md"), live(events), "nothing of kb.old is followed");
            assertNull(health.reason());
        }
    }

    @Test
    void shouldSayTheFolderIsMissingWhileItIsGoneAndFollowItWhenItComesBack() throws Exception {
        write(kb, "a.md", "alpha");
        try (TopicReader events = events();
                IngestProducer producer = start()) {
            await().atMost(DEADLINE).until(() -> live(events).equals(Set.of("a.md")));
            shell("mv", kb.toString(), parent.resolve("kb.away").toString());
            await().atMost(NOTICED).until(() -> ("watched folder missing: " + kb).equals(health.reason()));
            assertEquals(Set.of("a.md"), live(events), "an unmounted folder does not empty the index");
            write(parent.resolve("kb.away"), "c.md", "written while away");
            shell("mv", parent.resolve("kb.away").toString(), kb.toString());
            await().atMost(NOTICED).until(() -> live(events).equals(Set.of("a.md", "c.md")));
            assertNull(health.reason());
            write(kb, "d.md", "written after the return");
            await().atMost(NOTICED).until(() -> live(events).contains("d.md"));
            assertTrue(producer.isHealthy());
        }
    }

    @Test
    void shouldWithdrawEverythingAndWatchTheNewFolderWhenTheWatchedFolderIsDeletedAndCreatedAgain() throws Exception {
        write(kb, "a.md", "alpha");
        write(kb, "ops/b.md", "beta");
        try (TopicReader events = events();
                IngestProducer producer = start()) {
            await().atMost(DEADLINE).until(() -> live(events).equals(Set.of("a.md", "ops/b.md")));
            shell("rm", "-rf", kb.toString());
            shell("mkdir", kb.toString());
            write(kb, "ops/fresh.md", "in the new folder's new subfolder");
            await().atMost(NOTICED).until(() -> live(events).equals(Set.of("ops/fresh.md")));
        }
    }

    /** {@code looplink -> .}: once at the scan and once created while watching; the folder is indexed once. */
    @Test
    void shouldIndexAFolderOnceWhenASymlinkLoopsBackToIt() throws Exception {
        write(kb, "a.md", "alpha");
        write(kb, "ops/b.md", "beta");
        Files.createSymbolicLink(kb.resolve("ops/up"), Path.of(".."));
        try (TopicReader events = events();
                IngestProducer producer = start()) {
            await().atMost(DEADLINE).until(() -> live(events).equals(Set.of("a.md", "ops/b.md")));
            Files.createSymbolicLink(kb.resolve("looplink"), Path.of("."));
            write(kb, "ops/sentinel.md", "last");
            await().atMost(DEADLINE).until(() -> live(events).contains("ops/sentinel.md"));
            assertEquals(Set.of("a.md", "ops/b.md", "ops/sentinel.md"), live(events));
        }
    }
}
