package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
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
        QueryConfig config = QueryConfig.from(Settings.fromEnvironment());
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        ElasticsearchClient client = EsClients.create(config.elasticsearchUrl());
        QueryService service = new QueryService(config, client, new OnnxEmbedder(config.model()), registry, () -> true);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            service.close();
            try {
                client._transport().close();
            } catch (Exception e) {
                // closing on the way out: nothing left to tell
            }
            stopped.countDown();
        }, "kb-query-shutdown"));
        stopped.await();
    }
}
