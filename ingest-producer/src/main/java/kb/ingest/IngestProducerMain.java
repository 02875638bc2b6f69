package kb.ingest;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import kb.core.KbSettings;
import kb.core.Metrics;
import kb.core.MetricsServer;
import kb.core.Settings;
import kb.core.Shutdown;

/** Runs the ingest producer on its own, configured by environment variables (docs/configuration.md). */
public final class IngestProducerMain {

    private IngestProducerMain() {}

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        IngestProducer producer = new IngestProducer(ProducerConfig.from(settings), registry, Clock.systemUTC());
        producer.start();
        MetricsServer metrics =
                MetricsServer.start(settings.get(KbSettings.METRICS_PORT).orElse(9401), registry, producer::isHealthy);
        Shutdown.awaitThenClose("kb-producer", producer, metrics);
    }
}
