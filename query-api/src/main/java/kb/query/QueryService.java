package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.javalin.Javalin;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Set;
import java.util.function.BooleanSupplier;
import kb.core.DiskSpace;
import kb.core.Threads;
import kb.core.TopicCreator;
import kb.query.answer.ContextService;
import kb.query.answer.LookupService;
import kb.query.api.ApiServices;
import kb.query.api.QueryLog;
import kb.query.api.WriteGuard;
import kb.query.calibration.FusionFitter;
import kb.query.calibration.GateCalibrator;
import kb.query.calibration.IndexedCalibrations;
import kb.query.config.QueryConfig;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentFiles;
import kb.query.http.QueryApp;
import kb.query.l0.KeywordFeed;
import kb.query.l0.KeywordIndex;
import kb.query.links.LinkGraph;
import kb.query.search.ChunkRetriever;
import kb.query.search.SearchService;
import kb.query.status.ElasticsearchProbe;
import kb.query.status.GuardedTransport;
import kb.query.status.IndexingProgress;
import kb.query.status.PipelineAddress;
import kb.query.status.PipelineStatus;
import kb.search.embed.Embeddings;

/** The query API as a running service: L0 feed, search, lookup, context and documents over HTTP. */
public final class QueryService implements AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(QueryService.class);

    private final Javalin app;
    private final KeywordFeed feed;
    private final QueryLog queryLog;
    private final PipelineStatus status;
    private final GateCalibrator gate;
    private final FusionFitter fusion;
    /** How often the fitter looks whether the corpus changed: two count queries. */
    private static final Duration FIT_INTERVAL = Duration.ofSeconds(3);

    private final ElasticsearchProbe probe;
    private final QueryConfig config;
    private final Embeddings embeddings;
    private final SearchService search;
    private static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(2);

    /**
     * @param extensions formats the producer ingests, so uploads of anything else are refused
     * @param client the query path's client: give it short timeouts ({@link QueryConfig#esSocketTimeout()}),
     *               every request on it is guarded by a background health probe
     * @param pipelineReady besides L0, what must be true before /health says UP (the embedded pipeline's
     *                      start); a stand-alone API passes {@code () -> true}
     */
    public QueryService(
            QueryConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            PrometheusMeterRegistry registry,
            Set<String> extensions,
            BooleanSupplier pipelineReady) {
        this(config, client, embeddings, registry, extensions, pipelineReady, null);
    }

    /** @param reindex the sink's reindex control when the sink runs in this process, else null */
    public QueryService(
            QueryConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            PrometheusMeterRegistry registry,
            Set<String> extensions,
            BooleanSupplier pipelineReady,
            kb.core.ReindexControl reindex) {
        this(config, client, embeddings, registry, extensions, pipelineReady, reindex, DiskSpace.UNWATCHED);
    }

    /**
     * @param disk the data folder's free space: while it is full, {@code /health} answers 503 with the reason and
     *             the query log is not written (queries are still answered)
     */
    public QueryService(
            QueryConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            PrometheusMeterRegistry registry,
            Set<String> extensions,
            BooleanSupplier pipelineReady,
            kb.core.ReindexControl reindex,
            DiskSpace disk) {
        WriteGuard.checkExposure(config);
        this.config = config;
        this.embeddings = embeddings;
        this.probe = new ElasticsearchProbe(
                client,
                PROBE_INTERVAL,
                config.elasticsearch().socketTimeout().plus(PROBE_INTERVAL),
                java.time.Clock.systemUTC());
        ElasticsearchClient guarded = new ElasticsearchClient(new GuardedTransport(client._transport(), probe));
        KeywordIndex keywords = new KeywordIndex();
        LinkGraph links = new LinkGraph();
        this.feed = new KeywordFeed(
                config.common().bootstrapServers(), config.common().topics().documents(), keywords, links);
        this.queryLog =
                new QueryLog(config.common().bootstrapServers(), config.common().topics(), registry, disk);
        ChunkRetriever retriever = new ChunkRetriever(
                guarded, config.elasticsearch().indexNames(), config.ranking().vectorSearch());
        DocumentCatalog catalog =
                new DocumentCatalog(guarded, config.elasticsearch().indexNames().docsAlias());
        this.gate = new GateCalibrator(
                embeddings,
                retriever::bestCosines,
                () -> documentCount(catalog),
                () -> embeddedChunks(retriever),
                new DeletedVersions(retriever),
                new IndexedCalibrations(guarded, config.elasticsearch().indexNames()),
                Embeddings.defaultGateMinCosine(config.embeddingModel()),
                config.gate().minCosine(),
                java.time.Clock.systemUTC());
        this.fusion = new FusionFitter(
                new FittedCorpus(retriever),
                SearchService.configuredWeights(config),
                config.ranking().vectorWeight(),
                config.ranking().fusionQuestions(),
                gate::refresh,
                java.time.Clock.systemUTC());
        this.search = new SearchService(config, embeddings, retriever, keywords, gate::current, fusion::current);
        this.status = new PipelineStatus(config, guarded, registry, catalog);
        ApiServices services = new ApiServices(
                search,
                new LookupService(search, catalog, retriever),
                new ContextService(search, catalog),
                catalog,
                new DocumentFiles(
                        config.collections(), extensions, config.exposure().maxUploadBytes()),
                queryLog,
                config.elasticsearch().indexNames().chunksAlias(),
                keywords::size,
                reindex,
                status,
                () -> feed.isReady() && pipelineReady.getAsBoolean(),
                feed::isReady,
                probe,
                WriteGuard.from(config),
                links,
                () -> fusion.settled() && gate.settled(),
                disk,
                PipelineAddress.of(config));
        io.micrometer.core.instrument.Gauge.builder("kb_l0_documents", keywords, KeywordIndex::size)
                .register(registry);
        io.micrometer.core.instrument.Gauge.builder("kb_l0_load_seconds", feed, KeywordFeed::loadSeconds)
                .description("time from start until L0 held every document of kb.documents")
                .register(registry);
        io.micrometer.core.instrument.Gauge.builder("kb_l1_up", probe, p -> p.isUp() ? 1 : 0)
                .description("1 while the background probe finds Elasticsearch answering")
                .register(registry);
        this.app = QueryApp.create(services, registry, config.exposure().maxUploadBytes());
    }

    /**
     * Creates the topics it reads and writes if missing, starts the background work (Elasticsearch probe, keyword
     * feed, gate calibration, fusion fit, indexing progress), then serves HTTP and loads the models behind it.
     */
    public QueryService start() {
        TopicCreator.ensureTopics(config.common());
        probe.start();
        feed.start();
        gate.start(config.gate().period());
        fusion.start(search, FIT_INTERVAL);
        status.start(PROGRESS_INTERVAL);
        app.start(config.exposure().host(), config.exposure().port());
        warmUp(embeddings);
        return this;
    }

    /** Loads the models in the background from the start, not in the first search's request. */
    private static void warmUp(Embeddings embeddings) {
        Threads.daemon("kb-embedder-warmup", () -> {
                    try {
                        embeddings.warmUp();
                    } catch (RuntimeException e) {
                        LOG.warn(
                                "the embedding models could not be loaded ahead of the first search: {}", e.toString());
                    }
                })
                .start();
    }

    private static long documentCount(DocumentCatalog catalog) {
        try {
            return catalog.documentCount();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The index as the fusion fitter reads it. */
    private record FittedCorpus(ChunkRetriever retriever) implements FusionFitter.Corpus {

        @Override
        public long embeddedChunks() throws java.io.IOException {
            return retriever.embeddedChunks();
        }

        @Override
        public long awaitingVectors() throws java.io.IOException {
            return retriever.awaitingVectors();
        }

        @Override
        public java.util.List<kb.search.es.ChunkDoc> chunks() throws java.io.IOException {
            return retriever.sampleChunks();
        }
    }

    /** The gate's upkeep: the chunks' deleted versions merged away once every chunk has its vector. */
    private record DeletedVersions(ChunkRetriever retriever) implements GateCalibrator.Upkeep {

        @Override
        public boolean tidy() throws java.io.IOException {
            return retriever.expungeDeletes();
        }

        @Override
        public boolean isTidy() throws java.io.IOException {
            return !retriever.hasDeletesToExpunge();
        }
    }

    private static long embeddedChunks(ChunkRetriever retriever) {
        try {
            return retriever.embeddedChunks();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    public boolean awaitL0(Duration timeout) throws InterruptedException {
        return feed.awaitReady(timeout);
    }

    /** The latest indexing progress (refreshed in the background), or null before the first look. */
    public IndexingProgress.Block indexing() {
        return status.indexing();
    }

    public int port() {
        return app.port();
    }

    @Override
    public void close() throws InterruptedException {
        app.stop();
        feed.close();
        queryLog.close();
        status.close();
        gate.close();
        fusion.close();
        probe.close();
    }
}
