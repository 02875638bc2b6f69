package kb.ingest;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import kb.core.Metrics;
import kb.core.MetricsServer;
import kb.core.Settings;

/** Runs the ingest producer on its own, configured by environment variables (see README). */
public final class IngestProducerMain {

    private IngestProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        ProducerConfig config = ProducerConfig.from(settings);
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        IngestProducer producer = new IngestProducer(config, registry, Clock.systemUTC());
        producer.start();
        CountDownLatch stopped = new CountDownLatch(1);
        try (MetricsServer metrics = MetricsServer.start(settings.integer("KB_METRICS_PORT", 9401), registry,
                () -> true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    producer.close();
                } catch (Exception e) {
                    Thread.currentThread().interrupt();
                } finally {
                    stopped.countDown();
                }
            }, "kb-producer-shutdown"));
            stopped.await();
        }
    }
}
