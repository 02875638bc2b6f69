package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.topics.CommonConfig;
import kb.core.topics.KbTopics;
import kb.core.topics.TopicCreator;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two producers, two collections, one broker: each keeps its own documents and never withdraws the other's. */
class CollectionsProducerIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path work;

    @TempDir
    Path home;

    private String prefix;
    private String bootstrap;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @BeforeEach
    void setUp() throws Exception {
        prefix = "m" + UUID.randomUUID().toString().substring(0, 8) + ".";
        bootstrap = SharedInfrastructure.get().bootstrapServers();
    }

    private IngestProducer start(Path folder, String collection) throws Exception {
        IngestProducer producer = TestProducers.start(prefix, folder, registry, Map.of("KB_COLLECTION", collection));
        assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
        return producer;
    }

    private static void write(Path root, String path, String content) throws Exception {
        Files.createDirectories(root.resolve(path).getParent());
        Files.writeString(root.resolve(path), content);
    }

    @Test
    void shouldKeepEachCollectionsDocumentsWhenEitherProducerRestarts() throws Exception {
        write(work, "readme.md", "work readme");
        write(work, "ops/a.md", "alpha");
        write(home, "readme.md", "home readme");
        write(home, "garden/b.md", "beta");
        try (TopicReader events = new TopicReader(bootstrap, prefix + "file-events")) {
            try (IngestProducer w = start(work, "work");
                    IngestProducer h = start(home, "home")) {
                await().atMost(DEADLINE).until(() -> events.keys().size() == 4);
                assertEquals(
                        List.of("home:garden/b.md", "home:readme.md", "work:ops/a.md", "work:readme.md"),
                        events.keys().stream().sorted().toList(),
                        "a same-named file in both folders: two keys");
            }
            // Each restarts alone, with the other's records on the topic and a change of its own meanwhile.
            Files.delete(work.resolve("ops/a.md"));
            try (IngestProducer w = start(work, "work")) {
                write(work, "sentinel.md", "last");
                await().atMost(DEADLINE).until(() -> events.keys().contains("work:sentinel.md"));
            }
            write(home, "garden/c.md", "gamma");
            try (IngestProducer h = start(home, "home")) {
                write(home, "sentinel.md", "last");
                await().atMost(DEADLINE).until(() -> events.keys().contains("home:sentinel.md"));
            }
            List<String> afterRestarts = events.keys().subList(4, events.keys().size());
            assertEquals(
                    List.of("home:garden/c.md", "home:sentinel.md", "work:ops/a.md(deleted)", "work:sentinel.md"),
                    afterRestarts.stream().sorted().toList(),
                    "only each one's own changes, nothing withdrawn across");
        }
    }

    @Test
    void shouldWithdrawARecordFromBeforeCollectionsWhenTheProducerReconciles() throws Exception {
        write(work, "readme.md", "work readme");
        KbTopics topics = KbTopics.withPrefix(prefix);
        TopicCreator.ensureTopics(new CommonConfig(bootstrap, topics));
        FileEvent legacy = new FileEvent(
                1,
                FileEvent.Op.UPSERT,
                null,
                "readme.md",
                null,
                "md",
                11,
                Ids.sha256Hex("work readme"),
                1L,
                1L,
                "work readme",
                null);
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaProducer<String, FileEvent> old = new KafkaProducer<>(
                props,
                topics.fileEvents().keySerde().serializer(),
                topics.fileEvents().valueSerde().serializer())) {
            old.send(new ProducerRecord<>(topics.fileEvents().name(), legacy.key(), legacy))
                    .get();
        }
        try (TopicReader events = new TopicReader(bootstrap, topics.fileEvents().name());
                IngestProducer w = start(work, "work")) {
            await().atMost(DEADLINE).until(() -> events.keys().size() == 3);
            assertEquals(
                    List.of("readme.md", "readme.md(deleted)", "work:readme.md"),
                    events.keys().stream().sorted().toList());
        }
        // A restart finds the old key withdrawn already: nothing more to publish.
        try (TopicReader events = new TopicReader(bootstrap, topics.fileEvents().name());
                IngestProducer w = start(work, "work")) {
            write(work, "sentinel.md", "last");
            await().atMost(DEADLINE).until(() -> events.keys().contains("work:sentinel.md"));
            assertEquals(4, events.keys().size(), events.keys().toString());
        }
    }
}
