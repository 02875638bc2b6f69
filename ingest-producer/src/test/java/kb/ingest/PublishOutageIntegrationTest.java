package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.settings.Settings;
import kb.infra.EmbeddedKafka;
import kb.infra.FreePorts;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker stopped in the middle of a burst of saves and started again a minute later, on its own log and ports, as a
 * restarted broker process is: sends fail meanwhile (the publish timeout is short), and afterwards every file must be
 * on {@code kb.file-events} as it is on disk, deletes included, with the same producer still running (no restart). The
 * burst's size and the outage's length can be raised ({@code -Dkb.outage.files=10000 -Dkb.outage.seconds=60}).
 */
class PublishOutageIntegrationTest {

    private static final int FILES = Integer.getInteger("kb.outage.files", 2000);
    private static final Duration OUTAGE = Duration.ofSeconds(Long.getLong("kb.outage.seconds", 60));
    private static final Duration CONVERGED = Duration.ofMinutes(3);

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
    void shouldPublishEveryChangeWithoutARestartWhenSendsFailForAMinuteInTheMiddleOfABurst() throws Exception {
        Path base = Files.createDirectories(work.resolve("notes"));
        Path logDir = work.resolve("kafka");
        int[] ports = {FreePorts.pick(), FreePorts.pick()};
        broker = startBroker(logDir, ports);
        String prefix = "outage.";
        // Not TestProducers.settings: that starts the shared broker and Elasticsearch, and this test needs neither.
        Map<String, String> settings = Map.of(
                "KB_KAFKA_BOOTSTRAP",
                broker.bootstrapServers(),
                "KB_TOPIC_PREFIX",
                prefix,
                "KB_BASE_DIR",
                base.toString(),
                "KB_DEBOUNCE",
                "50",
                "KB_COLLECTION",
                TestProducers.COLLECTION,
                "KB_PUBLISH_TIMEOUT",
                "PT5S");
        try (IngestProducer producer =
                new IngestProducer(ProducerConfig.from(new Settings(settings)), registry, Clock.systemUTC())) {
            producer.start();
            assertTrue(producer.awaitInitialScan(60, TimeUnit.SECONDS));
            writeBurst(base, 0, FILES / 2);
            // Once most of the first half landed (what a failed send then loses is no longer covered by a newer send
            // of the same file), the broker stops in the middle of the burst, with the rest of it in flight.
            await().atMost(Duration.ofMinutes(2)).until(() -> published() >= FILES * 2 / 5);
            Instant down = Instant.now();
            broker.close();
            broker = null;
            writeBurst(base, FILES / 2, FILES);
            editAndDelete(base);
            await().atMost(OUTAGE).until(() -> publishErrors() > 0);
            Duration left = Duration.between(Instant.now(), down.plus(OUTAGE));
            if (left.compareTo(Duration.ZERO) > 0) { // the outage lasts its minute, whatever the test does meanwhile
                await().atMost(left.plusSeconds(10)).pollDelay(left).until(() -> true);
            }
            double waiting = pending();
            System.out.printf(
                    Locale.ROOT,
                    "outage of %d s: %.0f publish errors, %.0f changes waiting to be republished%n",
                    Duration.between(down, Instant.now()).toSeconds(),
                    publishErrors(),
                    waiting);
            assertTrue(waiting > 0, "the changes whose send failed are counted as waiting");
            broker = startBroker(logDir, ports);
            Instant up = Instant.now();
            try (TopicReader events = new TopicReader(broker.bootstrapServers(), prefix + "file-events")) {
                Map<String, String> drift = new TreeMap<>();
                try {
                    await().atMost(CONVERGED)
                            .pollInterval(Duration.ofSeconds(2))
                            .until(() -> {
                                drift.clear();
                                drift.putAll(drift(base, events));
                                return drift.isEmpty();
                            });
                } catch (ConditionTimeoutException e) {
                    fail(drift.size() + " of " + FILES + " paths drift " + CONVERGED.toSeconds()
                            + " s after the broker came back ("
                            + drift.values().stream()
                                    .collect(Collectors.groupingBy(v -> v, TreeMap::new, Collectors.counting()))
                            + "), e.g. "
                            + drift.entrySet().stream().limit(5).toList());
                }
                System.out.printf(
                        Locale.ROOT,
                        "0 drift %d s after the broker came back; %.0f republish pending%n",
                        Duration.between(up, Instant.now()).toSeconds(),
                        pending());
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> pending() == 0);
            assertTrue(producer.isHealthy(), "the same producer, never restarted");
        }
    }

    private static EmbeddedKafka startBroker(Path logDir, int[] ports) throws Exception {
        int[] next = {0};
        return EmbeddedKafka.start(logDir, () -> ports[next[0]++ % 2]);
    }

    private static void writeBurst(Path base, int from, int to) throws Exception {
        for (int i = from; i < to; i++) {
            Path file = base.resolve(String.format(Locale.ROOT, "burst/%02d/note-%05d.md", i % 50, i));
            Files.createDirectories(file.getParent());
            Files.writeString(file, "# Note " + i + "\n\nThe first version of note " + i + ".\n");
        }
    }

    /** While the broker is down: a tenth of the files edited, another tenth deleted. */
    private static void editAndDelete(Path base) throws Exception {
        for (int i = 0; i < FILES / 10; i++) {
            Path file = base.resolve(String.format(Locale.ROOT, "burst/%02d/note-%05d.md", i % 50, i));
            Files.writeString(file, "# Note " + i + "\n\nThe second version of note " + i + ".\n");
        }
        for (int i = FILES / 10; i < FILES / 5; i++) {
            Files.delete(base.resolve(String.format(Locale.ROOT, "burst/%02d/note-%05d.md", i % 50, i)));
        }
    }

    /**
     * What differs between the folder and the newest record of each of its paths on the topic: a file missing or
     * stale there, or a deleted file still published. Empty: no drift.
     */
    private static Map<String, String> drift(Path base, TopicReader events) throws Exception {
        Map<String, String> published = new HashMap<>();
        String keyPrefix = Ids.fileKey(TestProducers.COLLECTION, "");
        for (ConsumerRecord<byte[], byte[]> record : events.recordsToEnd()) {
            String path = new String(record.key(), StandardCharsets.UTF_8).substring(keyPrefix.length());
            published.put(
                    path,
                    record.value() == null
                            ? null
                            : Json.MAPPER
                                    .readValue(record.value(), FileEvent.class)
                                    .sha256());
        }
        Map<String, String> drift = new TreeMap<>();
        try (Stream<Path> files = Files.walk(base)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String path = base.relativize(file).toString();
                String sha = Ids.sha256Hex(Files.readAllBytes(file));
                if (!sha.equals(published.remove(path))) {
                    drift.put(path, "missing or stale");
                }
            }
        }
        published.forEach((path, sha) -> {
            if (sha != null) {
                drift.put(path, "deleted but published");
            }
        });
        return drift;
    }

    private double publishErrors() {
        return registry.counter("kb_producer_publish_errors_total", "op", "upsert")
                        .count()
                + registry.counter("kb_producer_publish_errors_total", "op", "delete")
                        .count();
    }

    private double published() {
        return registry.counter("kb_producer_events_published_total", "op", "upsert")
                .count();
    }

    private double pending() {
        var gauge = registry.find("kb_producer_republish_pending").gauge();
        return gauge == null ? -1 : gauge.value();
    }
}
