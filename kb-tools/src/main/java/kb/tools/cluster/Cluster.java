package kb.tools.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import kb.infra.EmbeddedElasticsearch;
import kb.local.verify.Endpoints;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A whole pipeline as separate processes on loopback: a KRaft cluster ({@link KafkaCluster}), an Elasticsearch
 * cluster ({@link ElasticsearchCluster}) and every stage as its own JVM ({@link Stages}), each with its data and log
 * under one folder. Closing stops them all; they also stop when this JVM dies.
 */
public final class Cluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);

    private final ClusterLayout layout;
    private final Path dataDir;
    private final KafkaCluster kafka;
    private final ElasticsearchCluster elasticsearch;
    /** Null until Kafka and Elasticsearch are up: the stages are given their addresses. */
    private Stages stages;

    private Cluster(ClusterLayout layout, Path dataDir) {
        this.layout = layout;
        this.dataDir = dataDir.toAbsolutePath().normalize();
        this.kafka = new KafkaCluster(this.dataDir, logs());
        this.elasticsearch = new ElasticsearchCluster(layout, this.dataDir);
    }

    /** Starts everything and returns once every process says it is healthy; on failure stops what started. */
    public static Cluster start(ClusterLayout layout, Path dataDir) throws Exception {
        Cluster cluster = new Cluster(layout, dataDir);
        try {
            cluster.startAll();
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private void startAll() throws IOException, InterruptedException {
        long started = System.nanoTime();
        Files.createDirectories(dataDir);
        kafka.start(layout.brokers());
        elasticsearch.start();
        stages = new Stages(layout, dataDir, logs(), kafka.bootstrapServers(), elasticsearch.url());
        stages.start();
        endpoints().write(dataDir);
        LOG.info("ready in {} s", (System.nanoTime() - started) / 1_000_000_000);
    }

    private Path logs() {
        return dataDir.resolve("logs");
    }

    public KafkaCluster kafka() {
        return kafka;
    }

    public ElasticsearchCluster elasticsearch() {
        return elasticsearch;
    }

    public Stages stages() {
        return stages;
    }

    /** Waits until {@code count} brokers are registered. */
    public void awaitBrokers(int count) {
        kafka.awaitBrokers(count);
    }

    public Admin admin() {
        return kafka.admin();
    }

    /** The broker leading partition 0 of a topic. */
    public KafkaCluster.Broker leaderOf(String topic) throws ExecutionException, InterruptedException {
        return kafka.leaderOf(topic);
    }

    /** Waits until {@code count} nodes are in the cluster (asked of every node in turn). */
    public void awaitElasticsearchNodes(int count) throws InterruptedException {
        elasticsearch.awaitNodes(count);
    }

    /** The data nodes, es-1 first. */
    public List<EmbeddedElasticsearch> esNodes() {
        return elasticsearch.dataNodes();
    }

    /** Every Elasticsearch node there is: the data nodes and the tiebreaker. */
    public int esNodeCount() {
        return elasticsearch.nodeCount();
    }

    /** Waits until each member's /health answers 200. */
    public void awaitHealthy(List<Stages.Member> members) throws InterruptedException {
        stages.awaitHealthy(members);
    }

    /** Starts a member again (after a kill or stop) and waits until it is healthy. */
    public void restart(Stages.Member member) throws IOException, InterruptedException {
        stages.restart(member);
    }

    public List<KafkaCluster.Broker> brokers() {
        return kafka.brokers();
    }

    public List<Stages.Member> chunkers() {
        return stages.chunkers();
    }

    public List<Stages.Member> sinks() {
        return stages.sinks();
    }

    public List<Stages.Member> apis() {
        return stages.apis();
    }

    public List<Stages.Member> producers() {
        return stages.producers();
    }

    public String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    public String elasticsearchUrl() {
        return elasticsearch.url();
    }

    public List<String> apiUrls() {
        return stages.apis().stream()
                .map(a -> a.health().resolve("/").toString().replaceAll("/$", ""))
                .toList();
    }

    public Endpoints endpoints() {
        return new Endpoints(bootstrapServers(), elasticsearchUrl(), String.join(",", apiUrls()));
    }

    public ClusterLayout layout() {
        return layout;
    }

    /** Stops the stages (producers first), then Elasticsearch, then the brokers. */
    @Override
    public void close() {
        if (stages != null) {
            stages.close();
        }
        elasticsearch.close();
        kafka.close();
        LOG.info("stopped");
    }
}
