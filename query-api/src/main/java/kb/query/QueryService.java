package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import kb.core.runtime.Shutdown;
import kb.core.runtime.Threads;
import kb.core.topics.TopicCreator;
import kb.query.calibration.CalibrationState;
import kb.query.config.QueryConfig;
import kb.query.http.QueryApp;
import kb.query.status.IndexingProgress;
import kb.search.embed.Embeddings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The query API as a running service: L0 feed, search, lookup, context and documents over HTTP and MCP. Its parts
 * are built by {@link QueryWiring}.
 */
public final class QueryService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QueryService.class);
    /** How often the fitter looks whether the corpus changed: two count queries. */
    private static final Duration FIT_INTERVAL = Duration.ofSeconds(3);

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(2);
    /** How often Elasticsearch's disk watermarks and read-only blocks are looked at. */
    private static final Duration LIMITS_INTERVAL = Duration.ofSeconds(5);

    private final QueryConfig config;
    private final Embeddings embeddings;
    private final QueryWiring.Parts parts;

    /**
     * The API; {@link #start()} starts it.
     *
     * @param client the query path's client: give it short timeouts, every request on it is guarded by a background
     *               health probe
     */
    public QueryService(
            QueryConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            PrometheusMeterRegistry registry,
            ApiHost host) {
        this(config, client, embeddings, registry, host, KeywordTier.following(config.common()));
    }

    /**
     * The API over a keyword tier that may be loading already ({@link KeywordTier#start()}: kb up starts it while
     * Elasticsearch boots); it is closed with the API.
     */
    public QueryService(
            QueryConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            PrometheusMeterRegistry registry,
            ApiHost host,
            KeywordTier keywordTier) {
        this.config = config;
        this.embeddings = embeddings;
        this.parts = QueryWiring.wire(config, client, embeddings, registry, host, keywordTier);
    }

    /**
     * Creates the topics it reads and writes if missing, serves HTTP and loads the models behind it, then starts the
     * background work (Elasticsearch probe, keyword feed, gate calibration, fusion fit, indexing progress).
     */
    public QueryService start() {
        return startBeforeElasticsearch().connect();
    }

    /**
     * Serves on {@code handover}'s socket before Elasticsearch answers: L0 answers, {@code /health} says STARTING with
     * the reason, and every request to Elasticsearch is refused at once (its probe has not found it yet) until
     * {@link #connect()}. The topics and the keyword feed need only the broker. kb up's holding server answered on
     * the socket until now, and stops accepting only once the API accepts, so the port never refuses a connection in
     * between (a closed and re-bound port would, for the second or two of Jetty's start).
     */
    public QueryService startBeforeElasticsearch(PortHandover handover) {
        startBrokerWork();
        serve(handover);
        return this;
    }

    /** {@link #startBeforeElasticsearch(PortHandover)}, binding the configured port. */
    public QueryService startBeforeElasticsearch() {
        startBrokerWork();
        parts.app().start(config.exposure().host(), config.exposure().port());
        warmUp(embeddings);
        return this;
    }

    /** Starts the background work that asks Elasticsearch: its probe first, which lets the requests through. */
    public QueryService connect() {
        parts.probe().start();
        parts.limits().start(LIMITS_INTERVAL);
        parts.gate().start(config.gate().period());
        parts.fusion().start(parts.search(), FIT_INTERVAL);
        parts.status().start(PROGRESS_INTERVAL);
        return this;
    }

    private void startBrokerWork() {
        TopicCreator.ensureTopics(config.common());
        parts.keywordTier().start();
    }

    private void serve(PortHandover handover) {
        QueryApp.listenOn(parts.app(), handover.channel());
        parts.app().start();
        handover.apiAccepts();
        warmUp(embeddings);
    }

    /** Loads the models in the background from the start, not in the first search's request. */
    private static void warmUp(Embeddings embeddings) {
        Threads.daemon("kb-embedder-warmup", () -> {
                    try {
                        embeddings.warmUp();
                        LOG.info("the embedding models are loaded and warm");
                    } catch (RuntimeException e) {
                        if (Shutdown.inProgress()) {
                            return; // stopped while loading (Ctrl-C right after the start): nothing to warn about
                        }
                        LOG.warn(
                                "the embedding models could not be loaded ahead of the first search: {}", e.toString());
                    }
                })
                .start();
    }

    public boolean awaitL0(Duration timeout) throws InterruptedException {
        return parts.keywordTier().awaitReady(timeout);
    }

    /** How far the gate's measurement of the corpus is (also in the status, which needs Elasticsearch). */
    public CalibrationState calibration() {
        return parts.gate().state();
    }

    /** The latest indexing progress (refreshed in the background), or null before the first look. */
    public IndexingProgress.Block indexing() {
        return parts.status().indexing();
    }

    public int port() {
        return parts.app().port();
    }

    @Override
    public void close() throws InterruptedException {
        parts.app().stop();
        parts.keywordTier().close();
        parts.queryLog().close();
        parts.status().close();
        parts.gate().close();
        parts.fusion().close();
        parts.probe().close();
        parts.limits().close();
    }
}
