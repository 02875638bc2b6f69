package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.settings.Settings;
import kb.infra.EmbeddedKafka;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change no watch event tells of: a file edited through a hard link outside the folder (inotify reports a change
 * to the directory it was made through, so the watched folder hears nothing; a network mount changed from another
 * machine is the same). The periodic reconciliation finds it by its size and time and publishes it.
 */
class ReconciliationIntegrationTest {

    @TempDir
    Path work;

    private EmbeddedKafka broker;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @AfterEach
    void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void shouldPublishAChangeNoWatchEventToldOfWhenTheReconciliationComes() throws Exception {
        Path base = Files.createDirectories(work.resolve("notes"));
        Path note = Files.writeString(base.resolve("linked.md"), "# Linked\n\nThe first version.\n");
        Path outside = Files.createLink(
                Files.createDirectories(work.resolve("elsewhere")).resolve("linked.md"), note);
        broker = EmbeddedKafka.start(work.resolve("kafka"));
        Map<String, String> settings = Map.of(
                "KB_KAFKA_BOOTSTRAP",
                broker.bootstrapServers(),
                "KB_TOPIC_PREFIX",
                "reconcile.",
                "KB_BASE_DIR",
                base.toString(),
                "KB_DEBOUNCE",
                "50",
                "KB_COLLECTION",
                TestProducers.COLLECTION,
                "KB_RECONCILE_PERIOD",
                "PT3S");
        try (IngestProducer producer =
                        new IngestProducer(ProducerConfig.from(new Settings(settings)), registry, Clock.systemUTC());
                TopicReader events = new TopicReader(broker.bootstrapServers(), "reconcile.file-events")) {
            producer.start();
            assertTrue(producer.awaitInitialScan(60, TimeUnit.SECONDS));
            String second = "# Linked\n\nThe second version, written through the other link.\n";
            Files.writeString(outside, second); // the same file: truncated and written in place
            String expected = Ids.sha256Hex(second.getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> expected.equals(newest(events, "linked.md")));
            assertEquals(
                    1.0,
                    registry.counter("kb_producer_reconciled_total", "op", "upsert")
                            .count(),
                    "published by the reconciliation, not by a watch event");
        }
    }

    /** The content hash of the path's newest record on the topic; null for none or a tombstone. */
    private static String newest(TopicReader events, String path) throws Exception {
        String key = Ids.fileKey(TestProducers.COLLECTION, path);
        String sha = null;
        for (ConsumerRecord<byte[], byte[]> record : events.recordsToEnd()) {
            if (key.equals(new String(record.key(), StandardCharsets.UTF_8))) {
                sha = record.value() == null
                        ? null
                        : Json.MAPPER.readValue(record.value(), FileEvent.class).sha256();
            }
        }
        return sha;
    }
}
