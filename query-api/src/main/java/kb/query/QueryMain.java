package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Set;
import kb.core.runtime.Metrics;
import kb.core.runtime.Shutdown;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.query.config.QueryConfig;
import kb.search.embed.Embeddings;
import kb.search.es.EsClients;

/** Runs the query API on its own, configured by environment variables (docs/configuration.md). */
public final class QueryMain {

    private QueryMain() {}

    public static void main(String[] args) throws Exception {
        Settings settings = Settings.fromEnvironment();
        QueryConfig config = QueryConfig.from(settings);
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        ElasticsearchClient client = EsClients.create(
                config.elasticsearch().url(),
                config.elasticsearch().connectTimeout(),
                config.elasticsearch().socketTimeout());
        Set<String> extensions = Set.copyOf(settings.get(KbSettings.IMPORT_EXTENSIONS));
        QueryService service = new QueryService(
                        config,
                        client,
                        Embeddings.load(config.embeddingModel()),
                        registry,
                        ApiHost.standalone(extensions, () -> true))
                .start();
        Shutdown.awaitThenClose("kb-query", service, () -> client._transport().close());
    }
}
