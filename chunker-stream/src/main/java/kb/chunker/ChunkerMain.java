package kb.chunker;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.CountDownLatch;
import kb.core.Metrics;
import kb.core.MetricsServer;
import kb.core.Settings;

/** Runs the chunker stream on its own, configured by environment variables (see README). */
public final class ChunkerMain {

    private ChunkerMain() {
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        ChunkerStream stream = new ChunkerStream(ChunkerConfig.from(settings), registry);
        stream.start();
        CountDownLatch stopped = new CountDownLatch(1);
        try (MetricsServer metrics = MetricsServer.start(settings.integer("KB_METRICS_PORT", 9402), registry,
                stream::isRunning)) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stream.close();
                stopped.countDown();
            }, "kb-chunker-shutdown"));
            stopped.await();
        }
    }
}
