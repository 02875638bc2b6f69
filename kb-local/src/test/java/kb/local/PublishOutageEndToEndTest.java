package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kb.core.settings.Settings;
import kb.infra.EmbeddedKafka;
import kb.infra.FreePorts;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import kb.testkit.SharedInfrastructure;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole pipeline on a broker of its own, stopped in the middle of a burst of saves, edits and deletes and started
 * again a minute later on the same log and ports (as a restarted broker process is), the producer's sends failing
 * meanwhile: {@code kb verify} then finds no drift, with no stage restarted. Elasticsearch and the model are the
 * shared ones.
 */
class PublishOutageEndToEndTest {

    private static final int FILES = Integer.getInteger("kb.outage.files", 300);
    private static final Duration OUTAGE = Duration.ofSeconds(Long.getLong("kb.outage.seconds", 60));
    private static final Duration CONVERGED = Duration.ofMinutes(5);

    @TempDir
    Path work;

    private EmbeddedKafka broker;

    @AfterEach
    void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void shouldShowNoDriftWithoutARestartWhenSendsFailForAMinuteInTheMiddleOfABurst() throws Exception {
        Path logDir = work.resolve("kafka");
        int[] ports = {FreePorts.pick(), FreePorts.pick()};
        broker = startBroker(logDir, ports);
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.with("KB_KAFKA_BOOTSTRAP", broker.bootstrapServers())
                    .with("KB_PUBLISH_TIMEOUT", "PT5S")
                    .start();
            writeBurst(kb, 0, FILES / 2, "first");
            Instant down = Instant.now();
            broker.close(); // in the middle of the burst
            broker = null;
            writeBurst(kb, FILES / 2, FILES, "first");
            writeBurst(kb, 0, FILES / 10, "second");
            for (int i = FILES / 10; i < FILES / 5; i++) {
                kb.delete(name(i));
            }
            Duration left = Duration.between(Instant.now(), down.plus(OUTAGE));
            if (left.compareTo(Duration.ZERO) > 0) { // the outage lasts its minute, whatever the test did meanwhile
                Awaitility.await().atMost(left.plusSeconds(10)).pollDelay(left).until(() -> true);
            }
            double waiting =
                    kb.registry().find("kb_producer_republish_pending").gauge().value();
            // The status answers with the broker down, and says how many changes wait.
            long statusWaiting =
                    kb.getJson("/api/v1/status").path("republishPending").asLong(-1);
            broker = startBroker(logDir, ports);
            Instant up = Instant.now();
            VerifyReport report = VerifyCommand.checkUntilHealthy(VerifyCommand.verifier(options(kb)), CONVERGED);
            System.out.printf(
                    Locale.ROOT,
                    "%d files, %.0f changes waiting when the broker came back (status: %d); kb verify healthy=%s after"
                            + " %d s: %s%n",
                    FILES,
                    waiting,
                    statusWaiting,
                    report.healthy(),
                    Duration.between(up, Instant.now()).toSeconds(),
                    report.layers());
            assertTrue(waiting > 0, "sends failed during the outage");
            assertTrue(statusWaiting > 0, "/api/v1/status shows the changes waiting");
            assertTrue(report.healthy(), report.layers().toString());
            assertEquals(FILES - FILES / 10, report.expectedDocuments());
            assertEquals(
                    0.0,
                    kb.registry().find("kb_producer_republish_pending").gauge().value());
            assertEquals(
                    0, kb.getJson("/api/v1/status").path("republishPending").asLong(-1));
        }
    }

    private static String name(int i) {
        return String.format(Locale.ROOT, "burst/%02d/note-%04d.md", i % 20, i);
    }

    private static void writeBurst(PipelineHarness kb, int from, int to, String version) throws Exception {
        for (int i = from; i < to; i++) {
            kb.write(name(i), "# Note " + i + "\n\nThe " + version + " version of note " + i + " about outages.\n");
        }
    }

    private static EmbeddedKafka startBroker(Path logDir, int[] ports) throws Exception {
        int[] next = {0};
        return EmbeddedKafka.start(logDir, () -> ports[next[0]++ % 2]);
    }

    private VerifyCommand.Options options(PipelineHarness kb) throws Exception {
        String bootstrap = broker.bootstrapServers();
        Settings settings = new Settings(Map.of(
                "KB_TOPIC_PREFIX", kb.prefix() + ".", "KB_INDEX_PREFIX", kb.prefix(), "KB_KAFKA_BOOTSTRAP", bootstrap));
        return new VerifyCommand.Options(
                List.of(new Folder(PipelineHarness.COLLECTION, kb.kbDir())),
                "http://localhost:" + kb.port(),
                bootstrap,
                SharedInfrastructure.get().elasticsearchUrl(),
                Duration.ZERO,
                settings);
    }
}
