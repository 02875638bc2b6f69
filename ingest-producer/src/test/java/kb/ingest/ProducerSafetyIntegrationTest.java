package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kb.core.Ids;
import kb.core.topics.DeadLetters;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12 against the real broker: what a hostile or unlucky folder must not do to the producer. A named
 * pipe must not block it, a symlinked folder must not lead it outside, and a bad file that stays bad must
 * not be reported again on every restart.
 */
class ProducerSafetyIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path base;

    @TempDir
    Path outside;

    private String prefix;
    private String bootstrap;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void setUp() throws Exception {
        prefix = "q" + UUID.randomUUID().toString().substring(0, 8) + ".";
        bootstrap = SharedInfrastructure.get().bootstrapServers();
    }

    private IngestProducer start(Map<String, String> extra) throws Exception {
        IngestProducer producer = TestProducers.start(prefix, base, registry, extra);
        return producer;
    }

    private void write(Path root, String path, String content) throws Exception {
        Files.createDirectories(root.resolve(path).getParent());
        Files.writeString(root.resolve(path), content);
    }

    private static void mkfifo(Path path) throws Exception {
        Files.createDirectories(path.getParent());
        assertEquals(
                0,
                new ProcessBuilder("mkfifo", path.toString())
                        .inheritIO()
                        .start()
                        .waitFor());
    }

    private static List<String> dlqKeys(TopicReader dlq) {
        return dlq.records().stream()
                .map(r -> new String(r.key(), StandardCharsets.UTF_8))
                .map(k -> k.substring(Ids.fileKey(TestProducers.COLLECTION, "").length()))
                .toList();
    }

    @Test
    void shouldDeadLetterNamedPipesAndKeepIndexingWhenOneIsPresentAtStartAndOneAppearsLater() throws Exception {
        mkfifo(base.resolve("notes/x.md"));
        write(base, "notes/good.md", "fine");
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events");
                TopicReader dlq = new TopicReader(bootstrap, prefix + "dlq");
                IngestProducer producer = start(Map.of())) {
            assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS), "the scan got past the pipe");
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).equals(List.of("notes/good.md")));
            await().atMost(DEADLINE).until(() -> dlqKeys(dlq).equals(List.of("notes/x.md")));
            assertEquals(
                    "NotARegularFile", DeadLetters.header(dlq.records().get(0).headers(), DeadLetters.CLASS));

            mkfifo(base.resolve("notes/y.md"));
            write(base, "notes/after.md", "written after the second pipe");
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).contains("notes/after.md"));
            await().atMost(DEADLINE).until(() -> dlqKeys(dlq).equals(List.of("notes/x.md", "notes/y.md")));
        }
    }

    @Test
    void shouldNotFollowASymlinkedFolderOutsideTheBaseInTheScanOrTheWatcherButFollowOneInside() throws Exception {
        write(outside, "there-at-start.md", "outside, present at start");
        Files.createSymbolicLink(base.resolve("ext"), outside);
        write(base, "real/inner.md", "inside");
        Files.createSymbolicLink(base.resolve("alias"), base.resolve("real"));
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events");
                IngestProducer producer = start(Map.of())) {
            assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
            await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION).stream()
                    .sorted()
                    .toList()
                    .equals(List.of("alias/inner.md", "real/inner.md")));

            write(outside, "created-later.md", "outside, created after the start");
            write(base, "real/later.md", "inside, created after the start");
            await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION)
                    .containsAll(List.of("real/later.md", "alias/later.md")));
            write(base, "sentinel.md", "last");
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).contains("sentinel.md"));
            assertTrue(
                    events.keysIn(TestProducers.COLLECTION).stream().noneMatch(k -> k.startsWith("ext/")),
                    events.keysIn(TestProducers.COLLECTION).toString());
        }
    }

    @Test
    void shouldReportAnUnchangedBadFileOnceAcrossRestartsAndAgainWhenItChanges() throws Exception {
        Files.write(base.resolve("bin.md"), new byte[] {'a', 0, 'b'});
        write(base, "big.md", "x".repeat(5000));
        Files.write(base.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9});
        mkfifo(base.resolve("pipe.md"));
        Map<String, String> smallCap = Map.of("KB_MAX_FILE_BYTES", "1000");
        try (TopicReader dlq = new TopicReader(bootstrap, prefix + "dlq")) {
            for (int run = 0; run < 3; run++) {
                try (IngestProducer producer = start(smallCap)) {
                    assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
                    write(base, "sentinel-" + run + ".md", "run " + run);
                    try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events")) {
                        String sentinel = "sentinel-" + run + ".md";
                        await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION)
                                .contains(sentinel));
                    }
                }
            }
            assertEquals(4, dlq.recordsToEnd().size(), "4 bad files, 3 starts: " + dlqKeys(dlq));

            Files.write(base.resolve("bin.md"), new byte[] {'a', 0, 'c'});
            try (IngestProducer producer = start(smallCap)) {
                assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
                await().atMost(DEADLINE).until(() -> dlq.records().size() == 5);
                assertEquals("bin.md", dlqKeys(dlq).get(4));
            }
        }
    }
}
