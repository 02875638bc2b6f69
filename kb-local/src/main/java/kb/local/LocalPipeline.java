package kb.local;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.chunker.ChunkerConfig;
import kb.chunker.ChunkerStream;
import kb.core.runtime.DiskSpace;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.CommonConfig;
import kb.ingest.IngestProducer;
import kb.ingest.ProducerConfig;
import kb.query.ApiHost;
import kb.query.KeywordTier;
import kb.query.PortHandover;
import kb.query.QueryService;
import kb.query.config.QueryConfig;
import kb.query.status.IndexingProgress;
import kb.search.embed.Embeddings;
import kb.search.es.EsClients;
import kb.sink.IndexerSink;
import kb.sink.SinkHost;
import kb.sink.config.SinkConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The four services in one JVM, sharing one metrics registry, one embedding model and one Elasticsearch
 * client. Each is the same class its own {@code main} runs; only the wiring is shared.
 */
public final class LocalPipeline implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LocalPipeline.class);

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    /** The stages that write through the broker (producers, chunker, sink), stopped by {@link #readOnly}. */
    private final List<AutoCloseable> writers = new CopyOnWriteArrayList<>();

    private volatile DiskSpace disk;
    private volatile boolean ready;
    /** When {@link #ready} turned true ({@link System#nanoTime()}), 0 before. */
    private volatile long readySince;

    private final PrometheusMeterRegistry registry;
    private ChunkerStream chunker;
    private KeywordTier keywordTier;
    private List<IngestProducer> producers;
    private QueryService query;
    private IndexerSink sink;
    private Clients clients;

    /** The sink's client and the query path's (short timeouts), built before Elasticsearch answers. */
    private record Clients(ElasticsearchClient sink, ElasticsearchClient query) {
        void rebind(String url) {
            EsClients.rebind(sink, url);
            EsClients.rebind(query, url);
        }
    }

    private LocalPipeline(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    /** Starts every stage; /health answers 503 until the initial scan is published, then 200. */
    public static LocalPipeline start(Settings settings, Embeddings embeddings, PrometheusMeterRegistry registry)
            throws Exception {
        return start(settings, embeddings, registry, null);
    }

    /**
     * {@link #start(Settings, Embeddings, PrometheusMeterRegistry)}, the query API serving on {@code handover}'s
     * listening socket (kb up's holding server answered on it until then), or binding its port when it is null.
     */
    public static LocalPipeline start(
            Settings settings, Embeddings embeddings, PrometheusMeterRegistry registry, PortHandover handover)
            throws Exception {
        return begin(settings, registry)
                .answer(settings, embeddings, handover, false)
                .finish(settings);
    }

    /**
     * Starts what needs only the broker: the chunker, the keyword index's load and the folders' producers (their
     * scans published), so that they run while Elasticsearch boots; {@link #answer} and {@link #finish} start the
     * rest.
     *
     * @param settings the broker's address and the watched folders at least ({@link
     *                 kb.infra.Infrastructure.BrokerUp})
     */
    public static LocalPipeline begin(Settings settings, PrometheusMeterRegistry registry) throws Exception {
        LocalPipeline pipeline = new LocalPipeline(registry);
        try {
            pipeline.startBrokerStages(settings);
            return pipeline;
        } catch (Exception | Error e) {
            pipeline.close();
            throw e;
        }
    }

    /**
     * Builds the sink and the query API on clients for Elasticsearch's address as chosen, serves the API (L0 answers,
     * {@code /health} STARTING until Elasticsearch is probed), and waits for the scans, the chunker and L0. With
     * {@code indexKept} (a restart: L0 holds the index's keywords) the pipeline is ready from here; on a first start
     * it is ready at {@link #finish}, when saves can be indexed. Closes everything when it fails.
     *
     * @param settings Elasticsearch's address as chosen ({@link kb.infra.Infrastructure.BrokerUp}) or known
     * @param handover the listening socket the API takes over, or null to bind its port
     */
    public LocalPipeline answer(Settings settings, Embeddings embeddings, PortHandover handover, boolean indexKept)
            throws Exception {
        try {
            serveBeforeElasticsearch(settings, embeddings, handover);
            awaitBrokerStages();
            if (indexKept) {
                markReady();
            }
            return this;
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Once Elasticsearch answers: the clients pointed at its address, the sink started and the query API's background
     * work (probe, gate, fusion, progress). Ready from here. Closes everything when it fails.
     *
     * @param settings the whole settings, Elasticsearch's address as it bound included
     */
    public LocalPipeline finish(Settings settings) throws Exception {
        try {
            clients.rebind(QueryConfig.from(settings).elasticsearch().url());
            sink.start();
            query.connect();
            markReady();
            return this;
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    private void startBrokerStages(Settings settings) throws Exception {
        ChunkerConfig chunkerConfig = ChunkerConfig.from(settings);
        // The Streams state, and the embedded broker's log and Elasticsearch's data when they run here
        // (KB_DISK_WATCH: Elasticsearch's may live apart, where its unprivileged user can reach it).
        List<Path> written = new ArrayList<>(List.of(chunkerConfig.stateDir()));
        settings.get(KbSettings.DISK_WATCH).forEach(folder -> written.add(Path.of(folder)));
        DiskSpace disk = DiskSpace.of(written, settings).start(registry);
        started.push(disk);
        this.disk = disk;
        chunker = new ChunkerStream(chunkerConfig, registry, disk);
        started.push(writer(chunker));
        chunker.start();
        keywordTier = KeywordTier.following(CommonConfig.from(settings)).start();
        started.push(keywordTier);
        producers = startProducers(producerConfigs(settings), disk);
    }

    private void serveBeforeElasticsearch(Settings settings, Embeddings embeddings, PortHandover handover) {
        QueryConfig queryConfig = QueryConfig.from(settings);
        String url = queryConfig.elasticsearch().url();
        // The query path gets its own client with short timeouts: a hung Elasticsearch must not hold a request
        // for the sink's 60 s.
        clients = new Clients(
                EsClients.create(url),
                EsClients.create(
                        url,
                        queryConfig.elasticsearch().connectTimeout(),
                        queryConfig.elasticsearch().socketTimeout()));
        started.push(() -> clients.sink()._transport().close());
        started.push(() -> clients.query()._transport().close());
        sink = IndexerSink.create(
                SinkConfig.from(settings),
                clients.sink(),
                embeddings,
                SinkHost.of(registry, Clock.systemUTC()).watching(disk));
        started.push(writer(sink));
        query = new QueryService(
                queryConfig,
                clients.query(),
                embeddings,
                registry,
                new ApiHost(producerConfigs(settings).get(0).extensions(), () -> ready, sink, disk, sink.upkeep()),
                keywordTier);
        started.push(query);
        if (handover == null) {
            query.startBeforeElasticsearch();
        } else {
            query.startBeforeElasticsearch(handover);
        }
    }

    private void awaitBrokerStages() throws InterruptedException {
        awaitInitialScans();
        if (!chunker.awaitRunning(Duration.ofSeconds(60))) {
            LOG.warn("the chunker has not joined its group yet; it will catch up when it does");
        }
        if (!query.awaitL0(Duration.ofSeconds(120))) {
            LOG.warn("the keyword index is still loading; /health stays 503 until it is complete");
        }
    }

    private void markReady() {
        if (!ready) {
            readySince = System.nanoTime();
            ready = true;
        }
    }

    private static List<ProducerConfig> producerConfigs(Settings settings) {
        return CollectionFolder.allFrom(settings).stream()
                .map(c -> ProducerConfig.from(settings.with(Map.of(
                        KbSettings.BASE_DIR.name(), c.folder().toString(), KbSettings.COLLECTION.name(), c.name()))))
                .toList();
    }

    /** One producer per collection, as separate processes would run them. */
    private List<IngestProducer> startProducers(List<ProducerConfig> configs, DiskSpace disk) throws Exception {
        List<IngestProducer> producers = new ArrayList<>();
        for (ProducerConfig config : configs) {
            IngestProducer producer = new IngestProducer(config, registry, Clock.systemUTC(), disk);
            started.push(writer(producer));
            producer.start();
            producers.add(producer);
        }
        return producers;
    }

    /** Ready once every producer's scan is published. */
    private void awaitInitialScans() throws InterruptedException {
        for (IngestProducer producer : producers) {
            if (!producer.awaitInitialScan(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the initial scan of " + producer.baseDir() + " did not finish");
            }
        }
    }

    /** A writing stage, closed at most once: by {@link #readOnly} or by {@link #close}. */
    private AutoCloseable writer(AutoCloseable stage) {
        AtomicBoolean closed = new AtomicBoolean();
        AutoCloseable once = () -> {
            if (closed.compareAndSet(false, true)) {
                stage.close();
            }
        };
        writers.add(once);
        return once;
    }

    /**
     * The broker is gone for good: the writing stages stop, the query API keeps answering from the index, and
     * {@code /health} says DEGRADED with the reason.
     */
    public void readOnly(String reason) {
        if (disk != null) {
            disk.problem("broker", reason);
        }
        for (AutoCloseable writer : writers) {
            try {
                writer.close();
            } catch (Exception e) {
                LOG.warn("error while stopping a writing stage for read-only", e);
            }
        }
        LOG.warn("read-only: {}", reason);
    }

    public IndexerSink sink() {
        return sink;
    }

    public int port() {
        return query.port();
    }

    /** How far the index is behind the folder, or null before the query API's first look. */
    public IndexingProgress.Block indexing() {
        return query == null ? null : query.indexing();
    }

    public boolean isReady() {
        return ready;
    }

    /** When the pipeline became ready ({@link System#nanoTime()}); 0 before. */
    public long readySince() {
        return readySince;
    }

    /** Stops the stages in reverse order of start. */
    @Override
    public void close() {
        ready = false;
        while (!started.isEmpty()) {
            AutoCloseable stage = started.pop();
            try {
                stage.close();
            } catch (Exception e) {
                LOG.warn("error while stopping {}", stage.getClass().getSimpleName(), e);
            }
        }
    }
}
