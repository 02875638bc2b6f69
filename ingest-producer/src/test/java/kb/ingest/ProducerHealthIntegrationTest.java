package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.Metrics;
import kb.core.runtime.MetricsServer;
import kb.core.settings.Settings;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ingest producer's /health follows its watcher thread: a dead watcher publishes nothing, so it is DOWN. */
class ProducerHealthIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);

    /** The system clock until broken; the watcher reads it for every change, so breaking it kills the watcher. */
    private static final class BreakableClock extends Clock {

        private volatile boolean broken;

        @Override
        public Instant instant() {
            if (broken) {
                throw new IllegalStateException("clock broken by the test");
            }
            return Instant.now();
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @TempDir
    Path base;

    private final HttpClient http = HttpClient.newHttpClient();

    private int health(MetricsServer server) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/health"))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    @Test
    void shouldReportUnhealthyOnceTheWatcherThreadHasDied() throws Exception {
        BreakableClock clock = new BreakableClock();
        Settings settings = new Settings(Map.of(
                "KB_KAFKA_BOOTSTRAP",
                SharedInfrastructure.get().bootstrapServers(),
                "KB_TOPIC_PREFIX",
                "h" + UUID.randomUUID().toString().substring(0, 8) + ".",
                "KB_BASE_DIR",
                base.toString(),
                "KB_DEBOUNCE",
                "50"));
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        IngestProducer producer = new IngestProducer(ProducerConfig.from(settings), registry, clock);
        assertFalse(producer.isHealthy(), "not started yet");
        producer.start();
        // As IngestProducerMain wires it.
        try (MetricsServer server = MetricsServer.start(0, registry, producer::isHealthy)) {
            assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
            assertTrue(producer.isHealthy());
            assertEquals(200, health(server));

            clock.broken = true;
            Files.writeString(base.resolve("note.md"), "a change for the watcher to time");

            await().atMost(DEADLINE).until(() -> !producer.isHealthy());
            assertEquals(503, health(server));
        } finally {
            producer.close();
        }
        assertFalse(producer.isHealthy(), "closed");
    }
}
