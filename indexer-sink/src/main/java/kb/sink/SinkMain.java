package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import kb.core.runtime.Metrics;
import kb.core.runtime.MetricsServer;
import kb.core.runtime.Shutdown;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.search.embed.Embeddings;
import kb.search.es.EsClients;
import kb.sink.config.SinkConfig;

/** Runs the indexer sink on its own, configured by environment variables (docs/configuration.md). */
public final class SinkMain {

    private SinkMain() {}

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        SinkConfig config = SinkConfig.from(settings);
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        ElasticsearchClient client = EsClients.create(config.elasticsearchUrl());
        IndexerSink sink = IndexerSink.create(
                config, client, Embeddings.load(config.embeddingModel()), SinkHost.of(registry, Clock.systemUTC()));
        sink.start();
        MetricsServer metrics =
                MetricsServer.start(settings.get(KbSettings.METRICS_PORT).orElse(9403), registry, sink::isHealthy);
        Shutdown.awaitThenClose(
                "kb-sink", sink, metrics, () -> client._transport().close());
    }
}
