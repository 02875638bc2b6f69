package kb.ingest;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import kb.core.runtime.Metrics;
import kb.core.runtime.MetricsServer;
import kb.core.runtime.Shutdown;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

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
