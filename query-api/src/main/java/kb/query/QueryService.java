package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.javalin.Javalin;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.function.BooleanSupplier;
import kb.core.embed.Embedder;

/** The query API as a running service: builds the search from its parts and serves it over HTTP. */
public final class QueryService implements AutoCloseable {

    private final Javalin app;

    public QueryService(QueryConfig config, ElasticsearchClient client, Embedder embedder,
                        PrometheusMeterRegistry registry, BooleanSupplier ready) {
        ChunkRetriever retriever = new ChunkRetriever(client, config.indexNames().chunksAlias(), config.numCandidates());
        SearchService search = new SearchService(config, embedder, retriever);
        this.app = QueryApp.create(search, new DocumentCatalog(client, config.indexNames().docsAlias()), registry, ready);
        app.start("0.0.0.0", config.port());
    }

    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
    }
}
