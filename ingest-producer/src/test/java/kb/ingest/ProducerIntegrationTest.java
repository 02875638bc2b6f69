package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kb.core.topics.DeadLetters;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ingest producer against the real broker: what it publishes, withdraws and dead-letters. */
class ProducerIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path base;

    private String prefix;
    private String bootstrap;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void setUp() throws Exception {
        prefix = "p" + UUID.randomUUID().toString().substring(0, 8) + ".";
        bootstrap = SharedInfrastructure.get().bootstrapServers();
    }

    private IngestProducer start(Map<String, String> extra) throws Exception {
        IngestProducer producer = TestProducers.start(prefix, base, registry, extra);
        producer.awaitInitialScan(30, TimeUnit.SECONDS);
        return producer;
    }

    private void write(String path, String content) throws Exception {
        Files.createDirectories(base.resolve(path).getParent());
        Files.writeString(base.resolve(path), content);
    }

    @Test
    void shouldDeadLetterWhatCannotBeIngestedWithTheReasonAndCarryOn() throws Exception {
        write("bin.md", "abc\u0000def");
        write("big.md", "x".repeat(5000));
        Files.write(base.resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xe9});
        write("good.md", "fine");
        try (IngestProducer producer = start(Map.of("KB_MAX_FILE_BYTES", "1000"));
                TopicReader events = new TopicReader(bootstrap, prefix + "file-events");
                TopicReader dlq = new TopicReader(bootstrap, prefix + "dlq")) {
            await().atMost(DEADLINE).until(() -> dlq.records().size() == 3);
            Map<String, String> reasons = new HashMap<>();
            for (ConsumerRecord<byte[], byte[]> r : dlq.records()) {
                assertEquals("ingest-producer", DeadLetters.header(r.headers(), DeadLetters.STAGE));
                assertTrue(!DeadLetters.header(r.headers(), DeadLetters.MESSAGE).isBlank());
                reasons.put(
                        new String(r.key(), StandardCharsets.UTF_8).substring("notes:".length()),
                        DeadLetters.header(r.headers(), DeadLetters.CLASS));
            }
            assertEquals(
                    Map.of(
                            "bin.md",
                            "BinaryContent",
                            "big.md",
                            "FileTooLarge",
                            "latin1.txt",
                            "MalformedInputException"),
                    reasons);
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).equals(List.of("good.md")));
            assertEquals(
                    1.0,
                    registry.counter("kb_producer_dlq_total", "reason", "binary")
                            .count());
            assertEquals(
                    1.0,
                    registry.counter("kb_producer_dlq_total", "reason", "oversize")
                            .count());
        }
    }

    @Test
    void shouldReconcileDeletionsAndANarrowerFilterAfterARestartAndRepublishNothingUnchanged() throws Exception {
        write("a.md", "alpha");
        write("b.txt", "beta");
        write("c.md", "gamma");
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events")) {
            try (IngestProducer first = start(Map.of())) {
                await().atMost(DEADLINE)
                        .until(() -> events.keysIn(TestProducers.COLLECTION).size() == 3);
            }
            Files.delete(base.resolve("a.md"));
            Files.setLastModifiedTime(base.resolve("c.md"), FileTime.fromMillis(System.currentTimeMillis()));
            try (IngestProducer second = start(Map.of("KB_IMPORT_EXTENSIONS", "md"))) {
                write("sentinel.md", "last");
                await().atMost(DEADLINE)
                        .until(() -> events.keysIn(TestProducers.COLLECTION).contains("sentinel.md"));
                List<String> afterRestart = events.keysIn(TestProducers.COLLECTION)
                        .subList(3, events.keysIn(TestProducers.COLLECTION).size());
                assertEquals(
                        List.of("a.md(deleted)", "b.txt(deleted)", "sentinel.md"),
                        afterRestart.stream().sorted().toList(),
                        "c.md is unchanged: nothing new for it");
            }
        }
    }

    @Test
    void shouldReadAfterARestartOnlyWhatChangedWhileStoppedOrWhatTheCatalogueDoesNotHold(@TempDir Path state)
            throws Exception {
        write("a.md", "alpha");
        write("b.md", "beta");
        write("c.md", "gamma");
        Map<String, String> kept = Map.of("KB_PRODUCER_STATE_DIR", state.toString());
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events")) {
            try (IngestProducer first = start(kept)) {
                await().atMost(DEADLINE)
                        .until(() -> events.keysIn(TestProducers.COLLECTION).size() == 3);
            }
            write("b.md", "beta, edited while kb was stopped");
            // a.md's kept read names content the catalogue never got (as when its send was lost before the stop).
            Path ledger;
            try (var files = Files.list(state)) {
                ledger = files.filter(p -> p.toString().endsWith(".json"))
                        .findFirst()
                        .orElseThrow();
            }
            String read = Files.readString(ledger);
            String lost = read.replaceFirst(
                    "(\"path\":\"a\\.md\",\"size\":\\d+,\"modifiedNanos\":\\d+,\"sha256\":\")[0-9a-f]+",
                    "$1" + "0".repeat(64));
            assertTrue(!lost.equals(read), read);
            Files.writeString(ledger, lost);
            double confirmedBefore = confirmed();
            try (IngestProducer second = start(kept)) {
                await().atMost(DEADLINE)
                        .until(() -> events.keysIn(TestProducers.COLLECTION).size() == 4);
                assertEquals(
                        List.of("b.md"), events.keysIn(TestProducers.COLLECTION).subList(3, 4));
                assertEquals(1, confirmed() - confirmedBefore, "only c.md was not read again");
            }
        }
    }

    private double confirmed() {
        return registry.counter("kb_producer_files_confirmed_total").count();
    }

    @Test
    void shouldFollowRenamesNewFoldersAndDeletesLive() throws Exception {
        write("notes/old.md", "moving soon");
        Path outside = Files.createTempFile("kb-outside", ".md");
        Files.writeString(outside, "outside the knowledge base");
        Files.createSymbolicLink(base.resolve("notes/link.md"), outside);
        write("notes/inside.txt", "inside");
        Files.createSymbolicLink(base.resolve("notes/inside-link.md"), base.resolve("notes/inside.txt"));
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events");
                IngestProducer producer = start(Map.of())) {
            // The link out of the base folder is not followed; the one inside it is.
            await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION).stream()
                    .sorted()
                    .toList()
                    .equals(List.of("notes/inside-link.md", "notes/inside.txt", "notes/old.md")));
            Files.move(base.resolve("notes/old.md"), base.resolve("notes/new.md"));
            await().atMost(DEADLINE).until(() -> events.keysIn(TestProducers.COLLECTION)
                    .containsAll(List.of("notes/old.md(deleted)", "notes/new.md")));
            write("fresh/deep/er/file.md", "in a new folder");
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).contains("fresh/deep/er/file.md"));
            write(".hidden/junk.md", "never");
            write("fresh/.trash/x.md", "never");
            for (int i = 0; i < 5; i++) {
                write("fresh/burst.md", "version " + i); // an editor's save burst
            }
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).contains("fresh/burst.md"));
            Files.delete(base.resolve("fresh/deep/er/file.md"));
            await().atMost(DEADLINE)
                    .until(() -> events.keysIn(TestProducers.COLLECTION).contains("fresh/deep/er/file.md(deleted)"));
            List<String> keys = events.keysIn(TestProducers.COLLECTION);
            assertEquals(1, Collections.frequency(keys, "fresh/burst.md"), "a save burst is one event: " + keys);
            assertTrue(keys.stream().noneMatch(k -> k.contains(".hidden") || k.contains(".trash")), keys.toString());
        }
    }
}
