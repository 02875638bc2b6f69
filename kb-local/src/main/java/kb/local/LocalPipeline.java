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
    private final PrometheusMeterRegistry registry;
    private ChunkerStream chunker;
    private KeywordTier keywordTier;
    private List<IngestProducer> producers;
    private QueryService query;
    private IndexerSink sink;

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
        return begin(settings, registry).finish(settings, embeddings, handover);
    }

    /**
     * Starts what needs only the broker: the chunker, the keyword index's load and the folders' producers (their
     * scans published), so that they run while Elasticsearch boots; {@link #finish} starts the rest.
     *
     * @param settings the broker's address and the watched folders at least ({@link
     *                 kb.infra.Infrastructure.BrokerReady})
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
     * Starts the stages that need Elasticsearch (the sink, the query API), then waits for the scans, the chunker
     * and L0: ready from here. Closes everything when it fails.
     *
     * @param settings the whole settings, Elasticsearch's address included
     */
    public LocalPipeline finish(Settings settings, Embeddings embeddings, PortHandover handover) throws Exception {
        try {
            startIndexStages(settings, embeddings, handover);
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

    private void startIndexStages(Settings settings, Embeddings embeddings, PortHandover handover) throws Exception {
        QueryConfig queryConfig = QueryConfig.from(settings);
        ElasticsearchClient client =
                EsClients.create(queryConfig.elasticsearch().url());
        started.push(() -> client._transport().close());
        IndexerSink sink = IndexerSink.create(
                SinkConfig.from(settings),
                client,
                embeddings,
                SinkHost.of(registry, Clock.systemUTC()).watching(disk));
        started.push(writer(sink));
        sink.start();
        // The query path gets its own client with short timeouts: a hung Elasticsearch must not hold a request
        // for the sink's 60 s.
        ElasticsearchClient queryClient = EsClients.create(
                queryConfig.elasticsearch().url(),
                queryConfig.elasticsearch().connectTimeout(),
                queryConfig.elasticsearch().socketTimeout());
        started.push(() -> queryClient._transport().close());
        query = new QueryService(
                queryConfig,
                queryClient,
                embeddings,
                registry,
                new ApiHost(producerConfigs(settings).get(0).extensions(), () -> ready, sink, disk, sink.upkeep()),
                keywordTier);
        started.push(query);
        if (handover == null) {
            query.start();
        } else {
            query.start(handover);
        }
        awaitInitialScans();
        if (!chunker.awaitRunning(Duration.ofSeconds(60))) {
            LOG.warn("the chunker has not joined its group yet; it will catch up when it does");
        }
        if (!query.awaitL0(Duration.ofSeconds(120))) {
            LOG.warn("the keyword index is still loading; /health stays 503 until it is complete");
        }
        this.sink = sink;
        ready = true;
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
