package kb.chunker;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import kb.core.KbSettings;
import kb.core.Metrics;
import kb.core.MetricsServer;
import kb.core.Settings;
import kb.core.Shutdown;

/** Runs the chunker stream on its own, configured by environment variables (docs/configuration.md). */
public final class ChunkerMain {

    private ChunkerMain() {}

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        ChunkerStream stream = new ChunkerStream(ChunkerConfig.from(settings), registry);
        stream.start();
        MetricsServer metrics =
                MetricsServer.start(settings.get(KbSettings.METRICS_PORT).orElse(9402), registry, stream::isRunning);
        Shutdown.awaitThenClose("kb-chunker", stream, metrics);
    }
}
