package kb.query.status;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.ValueAtPercentile;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kb.core.runtime.Threads;
import kb.core.topics.KbTopics;
import kb.core.topics.SinkGroups;
import kb.query.config.QueryConfig;
import kb.query.documents.DocumentCatalog;
import kb.query.search.corpus.ServingIndex;
import kb.search.es.ChunkQueries;
import kb.search.es.IndexMeta;
import kb.search.es.IndexNames;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * {@code /api/v1/status}: per-stage lag (from the consumer groups' committed offsets), documents and chunks
 * indexed, dead letters, last event time, freshness (when the sink runs in this process), and which index
 * version the aliases serve with which model.
 */
public final class PipelineStatus implements AutoCloseable {

    private final Admin admin;
    private final ElasticsearchClient client;
    private final KbTopics topics;
    private final IndexNames names;
    private final String chunkerGroup;
    private final SinkGroups sinkGroups;
    private final MeterRegistry registry;
    private final DocumentCatalog catalog;
    private final ServingIndex serving;
    private final IndexingProgress progress = new IndexingProgress(System.currentTimeMillis());
    private final StageLag chunkerLag;
    private final StageLag sinkLag;
    /** The latest look, for the answers' {@code index} field: written by the observer, read by request threads. */
    private volatile IndexState indexState = IndexState.unknown();

    private final ScheduledExecutorService observer =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-indexing-progress"));

    public PipelineStatus(
            QueryConfig config, ElasticsearchClient client, MeterRegistry registry, DocumentCatalog catalog) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, config.common().bootstrapServers());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
        this.admin = Admin.create(props);
        this.client = client;
        this.topics = config.common().topics();
        this.names = config.elasticsearch().indexNames();
        this.chunkerGroup = config.lag().chunkerGroup();
        this.sinkGroups = config.lag().sinkGroups();
        this.registry = registry;
        this.catalog = catalog;
        this.serving = new ServingIndex(client, names);
        this.chunkerLag = new StageLag("chunker", chunkerGroup, registry, Clock.systemUTC());
        // The sink's group changes with the served index version; the metric keeps one series under the prefix.
        this.sinkLag = new StageLag("sink", sinkGroups.prefix(), registry, Clock.systemUTC());
    }

    /** Keeps the indexing progress current for /health and the partial flag, off the request threads. */
    public void start(Duration every) {
        // An empty folder's grace counts from the first look: a restart serves L0 well before Elasticsearch answers.
        progress.lookingFrom(System.currentTimeMillis());
        observer.scheduleWithFixedDelay(this::observeQuietly, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void observeQuietly() {
        try {
            observe(catalog.counts(names.chunksAlias()));
        } catch (Exception e) {
            // Elasticsearch or the broker not answering yet: the probe and /health say so; try again next time.
        }
    }

    /**
     * While the sink builds a new index version (a mapping or model change), the backlog that matters is the
     * new version's: until it is promoted the served index is complete but about to be replaced, so the
     * status stays running and {@code kb eval}, {@code kb up} and the tests wait for the promotion.
     */
    private IndexingProgress.Block observe(DocumentCatalog.IndexCounts counts) throws Exception {
        ServingIndex.Format format = serving.format();
        return observe(
                counts,
                format,
                lag(chunkerGroup, topics.fileEvents().name()),
                lag(
                        sinkGroups.forVersion(format.servedVersion()),
                        topics.chunks().name()));
    }

    /** @param servedSinkLag the served version's sink lag, already asked for by the caller */
    private IndexingProgress.Block observe(
            DocumentCatalog.IndexCounts counts, ServingIndex.Format format, long chunkerLag, long servedSinkLag)
            throws Exception {
        this.chunkerLag.observe(chunkerLag);
        this.sinkLag.observe(servedSinkLag);
        long awaiting = awaitingVectors(names.chunksAlias());
        long sinkLag = servedSinkLag;
        if (format.migrating()) {
            awaiting = Math.max(awaiting, awaitingVectors(names.chunksIndex(format.newestVersion())));
            sinkLag = Math.max(
                    sinkLag,
                    Math.max(
                            1,
                            lag(
                                    sinkGroups.forVersion(format.newestVersion()),
                                    topics.chunks().name())));
        }
        IndexingProgress.Observation look = new IndexingProgress.Observation(
                System.currentTimeMillis(), counts.documents(), counts.chunks(), awaiting, chunkerLag, sinkLag);
        IndexingProgress.Block block = progress.observe(look);
        // The served index's own backlog: a migration's new version (counted in the block) does not delay answers.
        indexState = IndexState.of(
                look,
                chunkerLag + servedSinkLag,
                Math.max(this.chunkerLag.seconds(), this.sinkLag.seconds()),
                progress.partial());
        return block;
    }

    private long awaitingVectors(String index) throws IOException {
        return client.count(c -> c.index(index).query(ChunkQueries.awaitingVector()))
                .count();
    }

    /** The latest indexing progress, or null before the first look. */
    public IndexingProgress.Block indexing() {
        return progress.last();
    }

    /** The index's state as of the latest look (at most the observer's period old): no request is made. */
    public IndexState indexState() {
        return indexState;
    }

    /** True until the first full index is done: search answers say so, an absence may be temporary. */
    public boolean partial() {
        return progress.partial();
    }

    /**
     * The pipeline's figures. The broker's (lags, dead letters, the indexing block) are read anew; a broker that does
     * not answer (restarting, or its disk full) leaves them out and says so under {@code broker}, with the latest
     * indexing block, rather than failing the whole answer.
     */
    public Map<String, Object> snapshot(DocumentCatalog.IndexCounts counts) throws Exception {
        Map<String, Object> status = new LinkedHashMap<>();
        String chunksIndex = IndexMeta.indexBehind(client, names.chunksAlias());
        status.put("documents", counts.documents());
        status.put("chunks", counts.chunks());
        status.put("chunksExpected", counts.chunksExpected());
        status.put("lastEventTime", counts.lastEventTime());
        status.put("freshness", freshness());
        // The producers' changes waiting to be published again after a failed send, when they report to this registry.
        var republish = registry.find("kb_producer_republish_pending").gauges();
        if (!republish.isEmpty()) {
            status.put(
                    "republishPending",
                    Math.round(republish.stream().mapToDouble(g -> g.value()).sum()));
        }
        try {
            status.putAll(brokerFigures(counts, IndexNames.versionOf(chunksIndex)));
            status.put("broker", "up");
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            status.put("broker", "not answering: " + cause.getMessage());
            status.put("indexing", progress.last());
        }
        String model = IndexMeta.model(IndexMeta.of(client, chunksIndex));
        status.put(
                "index",
                Map.of("alias", names.chunksAlias(), "index", chunksIndex, "model", model == null ? "unknown" : model));
        return status;
    }

    private Map<String, Object> brokerFigures(DocumentCatalog.IndexCounts counts, int version) throws Exception {
        Map<String, Object> figures = new LinkedHashMap<>();
        // Each lag is three admin requests to the broker: asked once here and reused for the progress block
        // (a client polling the status every 250 ms made these requests a visible share of the broker's CPU).
        long chunkerLag = lag(chunkerGroup, topics.fileEvents().name());
        long sinkLag = lag(sinkGroups.forVersion(version), topics.chunks().name());
        figures.put("lag", Map.of("chunker", chunkerLag, "sink", sinkLag));
        figures.put("deadLetters", records(topics.dlq().name()));
        ServingIndex.Format format = serving.format();
        IndexingProgress.Block indexing = observe(
                counts,
                format,
                chunkerLag,
                format.servedVersion() == version
                        ? sinkLag
                        : lag(
                                sinkGroups.forVersion(format.servedVersion()),
                                topics.chunks().name()));
        figures.put("chunksAwaitingVectors", indexing.chunksAwaitingVectors());
        figures.put("indexing", indexing);
        return figures;
    }

    /** Records between a group's committed offsets and the end of the topic (all of it when nothing is committed). */
    private long lag(String group, String topic) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata()
                .get(5, TimeUnit.SECONDS);
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get(5, TimeUnit.SECONDS)
                .get(topic)
                .partitions()
                .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
        long lag = 0;
        for (var entry :
                admin.listOffsets(latest).all().get(5, TimeUnit.SECONDS).entrySet()) {
            OffsetAndMetadata done = committed.get(entry.getKey());
            lag += entry.getValue().offset() - (done == null ? 0 : done.offset());
        }
        return Math.max(0, lag);
    }

    private long records(String topic) throws Exception {
        Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        admin.describeTopics(List.of(topic))
                .allTopicNames()
                .get(5, TimeUnit.SECONDS)
                .get(topic)
                .partitions()
                .forEach(p -> {
                    earliest.put(new TopicPartition(topic, p.partition()), OffsetSpec.earliest());
                    latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest());
                });
        long total = 0;
        var start = admin.listOffsets(earliest).all().get(5, TimeUnit.SECONDS);
        for (var entry :
                admin.listOffsets(latest).all().get(5, TimeUnit.SECONDS).entrySet()) {
            total += entry.getValue().offset() - start.get(entry.getKey()).offset();
        }
        return total;
    }

    /** p50/p99 in ms of the sink's freshness timers, when the sink reports to this registry. */
    private Map<String, Object> freshness() {
        Map<String, Object> freshness = new LinkedHashMap<>();
        for (String op : new String[] {"upsert", "delete"}) {
            Timer timer = registry.find("kb_sink_freshness").tag("op", op).timer();
            if (timer == null || timer.count() == 0) {
                continue;
            }
            Map<String, Double> values = new LinkedHashMap<>();
            for (ValueAtPercentile v : timer.takeSnapshot().percentileValues()) {
                values.put(v.percentile() == 0.5 ? "p50Ms" : "p99Ms", v.value(TimeUnit.MILLISECONDS));
            }
            values.put("count", (double) timer.count());
            freshness.put(op, values);
        }
        return freshness;
    }

    @Override
    public void close() {
        observer.shutdownNow();
        admin.close();
    }
}
