package kb.chunker;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import kb.core.runtime.Metrics;
import kb.core.runtime.MetricsServer;
import kb.core.runtime.Shutdown;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

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
