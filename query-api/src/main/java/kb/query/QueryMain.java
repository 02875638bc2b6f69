package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import kb.core.Metrics;
import kb.core.Settings;
import kb.core.embed.OnnxEmbedder;
import kb.core.es.EsClients;

/** Runs the query API on its own, configured by environment variables (see README). */
public final class QueryMain {

    private QueryMain() {
    }

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        QueryConfig config = QueryConfig.from(settings);
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        ElasticsearchClient client = EsClients.create(config.elasticsearchUrl());
        Set<String> extensions = Set.copyOf(settings.list("KB_IMPORT_EXTENSIONS",
                java.util.List.of("md", "markdown", "txt", "yaml", "yml", "json", "py")));
        QueryService service = new QueryService(config, client, new OnnxEmbedder(config.model()), registry,
                extensions, () -> true);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                service.close();
                client._transport().close();
            } catch (Exception e) {
                Thread.currentThread().interrupt();
            }
            stopped.countDown();
        }, "kb-query-shutdown"));
        stopped.await();
    }
}
