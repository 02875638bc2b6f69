package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.javalin.Javalin;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import kb.query.answer.ContextService;
import kb.query.answer.DocumentTexts;
import kb.query.answer.LookupService;
import kb.query.answer.PageChecks;
import kb.query.api.ApiServices;
import kb.query.api.QueryLog;
import kb.query.api.WriteGuard;
import kb.query.calibration.FusionFitter;
import kb.query.calibration.GateCalibrator;
import kb.query.calibration.IndexedCalibrations;
import kb.query.config.QueryConfig;
import kb.query.config.VectorSearch;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentFiles;
import kb.query.documents.PageLayouts;
import kb.query.http.QueryApp;
import kb.query.l0.KeywordFeed;
import kb.query.l0.KeywordIndex;
import kb.query.links.LinkGraph;
import kb.query.search.ChunkIndex;
import kb.query.search.ChunkRetriever;
import kb.query.search.SearchService;
import kb.query.status.ElasticsearchLimits;
import kb.query.status.ElasticsearchProbe;
import kb.query.status.GuardedTransport;
import kb.query.status.PipelineAddress;
import kb.query.status.PipelineStatus;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkDoc;
import kb.search.es.IndexNames;

/** The one place the query API's parts are built and connected, from its configuration and its clients. */
final class QueryWiring {

    private static final Duration PROBE_INTERVAL = Duration.ofSeconds(1);

    private QueryWiring() {}

    /** The parts with a life of their own (started and closed by {@link QueryService}). */
    record Parts(
            Javalin app,
            KeywordTier keywordTier,
            QueryLog queryLog,
            PipelineStatus status,
            GateCalibrator gate,
            FusionFitter fusion,
            ElasticsearchProbe probe,
            ElasticsearchLimits limits,
            SearchService search) {}

    /** The index's parts every service reads: behind the probe's guard, the keyword tier, the links. */
    private record Index(
            ElasticsearchClient guarded,
            ChunkRetriever retriever,
            ChunkIndex chunks,
            DocumentCatalog catalog,
            KeywordIndex keywords,
            LinkGraph links) {}

    static Parts wire(
            QueryConfig config,
            ElasticsearchClient client,
            Embeddings embeddings,
            PrometheusMeterRegistry registry,
            ApiHost host,
            KeywordTier keywordTier) {
        WriteGuard.checkExposure(config);
        ElasticsearchProbe probe = new ElasticsearchProbe(
                client,
                PROBE_INTERVAL,
                ElasticsearchProbe.staleAfter(config.elasticsearch().socketTimeout(), PROBE_INTERVAL),
                Clock.systemUTC());
        Index index =
                index(config, new ElasticsearchClient(new GuardedTransport(client._transport(), probe)), keywordTier);
        KeywordFeed feed = keywordTier.feed();
        QueryLog queryLog =
                new QueryLog(config.common().bootstrapServers(), config.common().topics(), registry, host.disk());
        GateCalibrator gate = gate(config, embeddings, index);
        // The sink's failing upkeep (a merge refused near Elasticsearch's disk watermark) makes /health DEGRADED with
        // its reason when the sink runs in this process.
        host.upkeep().onChange(upkeep -> host.disk().problem("elasticsearch-upkeep", upkeep.describe()));
        FusionFitter fusion = new FusionFitter(
                new FittedCorpus(index.chunks()),
                SearchService.configuredWeights(config),
                config.ranking().vectorWeight(),
                config.ranking().fusionQuestions(),
                gate::refresh,
                Clock.systemUTC());
        DocumentFiles files = new DocumentFiles(
                config.collections(),
                host.extensions(),
                config.exposure().maxUploadBytes(),
                config.exposure().writeWait());
        PageLayouts pages = new PageLayouts(config.pageLayoutDir(), files);
        SearchService search = new SearchService(
                config,
                embeddings,
                index.retriever(),
                index.keywords(),
                gate::current,
                fusion::current,
                new SearchService.Reading(new PageChecks(pages), index.chunks()));
        PipelineStatus status = new PipelineStatus(config, index.guarded(), registry, index.catalog());
        ApiServices services = new ApiServices(
                new ApiServices.Answering(
                        search,
                        new LookupService(search, DocumentTexts.of(index.chunks(), index.catalog())),
                        new ContextService(search, index.catalog()),
                        queryLog),
                new ApiServices.Documents(
                        index.catalog(),
                        files,
                        index.links(),
                        config.elasticsearch().indexNames().chunksAlias(),
                        host.reindex(),
                        pages),
                new ApiServices.Health(
                        status,
                        () -> feed.isReady() && host.pipelineReady().getAsBoolean(),
                        feed::isReady,
                        index.keywords()::size,
                        probe,
                        () -> fusion.settled() && gate.settled(),
                        () -> gate.state().withUpkeep(host.upkeep().state()),
                        host.disk()),
                WriteGuard.from(config),
                PipelineAddress.of(config));
        gauges(registry, index.keywords(), feed, probe);
        Javalin app = QueryApp.create(
                services,
                registry,
                config.exposure().maxUploadBytes(),
                config.exposure().basePath());
        // Asked on the plain client: its looks are background ones, never a reason to call L1 down.
        ElasticsearchLimits limits = new ElasticsearchLimits(
                client,
                List.of(
                        config.elasticsearch().indexNames().chunksAlias(),
                        config.elasticsearch().indexNames().docsAlias()),
                problem -> host.disk().problem("elasticsearch-disk", problem));
        return new Parts(app, keywordTier, queryLog, status, gate, fusion, probe, limits, search);
    }

    private static Index index(QueryConfig config, ElasticsearchClient guarded, KeywordTier keywordTier) {
        IndexNames names = config.elasticsearch().indexNames();
        VectorSearch vectorSearch = config.ranking().vectorSearch();
        return new Index(
                guarded,
                new ChunkRetriever(guarded, names, vectorSearch),
                new ChunkIndex(guarded, names, vectorSearch),
                new DocumentCatalog(guarded, config.elasticsearch().indexNames().docsAlias()),
                keywordTier.keywords(),
                keywordTier.links());
    }

    private static GateCalibrator gate(QueryConfig config, Embeddings embeddings, Index index) {
        return new GateCalibrator(
                embeddings,
                index.chunks()::bestCosines,
                () -> documentCount(index.catalog()),
                () -> embeddedChunks(index.chunks()),
                index.chunks()::isTidy,
                new GateCalibrator.Thresholds(
                        Embeddings.defaultGateMinCosine(config.embeddingModel()),
                        config.gate().minCosine(),
                        new IndexedCalibrations(
                                index.guarded(), config.elasticsearch().indexNames())),
                Clock.systemUTC());
    }

    private static void gauges(
            PrometheusMeterRegistry registry, KeywordIndex keywords, KeywordFeed feed, ElasticsearchProbe probe) {
        Gauge.builder("kb_l0_documents", keywords, KeywordIndex::size).register(registry);
        Gauge.builder("kb_l0_load_seconds", feed, KeywordFeed::loadSeconds)
                .description("time from start until L0 held every document of kb.documents")
                .register(registry);
        Gauge.builder("kb_l1_up", probe, p -> p.isUp() ? 1 : 0)
                .description("1 while the background probe finds Elasticsearch answering")
                .register(registry);
    }

    private static long documentCount(DocumentCatalog catalog) {
        try {
            return catalog.documentCount();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long embeddedChunks(ChunkIndex chunks) {
        try {
            return chunks.embeddedChunks();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The index as the fusion fitter reads it. */
    private record FittedCorpus(ChunkIndex index) implements FusionFitter.Corpus {

        @Override
        public long embeddedChunks() throws IOException {
            return index.embeddedChunks();
        }

        @Override
        public long awaitingVectors() throws IOException {
            return index.awaitingVectors();
        }

        @Override
        public List<ChunkDoc> chunks() throws IOException {
            return index.sampleChunks();
        }

        @Override
        public boolean isTidy() throws IOException {
            return index.isTidy();
        }
    }
}
