package kb.local.cluster;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import kb.core.KbSettings;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.FreePorts;
import kb.infra.Infrastructure;
import kb.local.Endpoints;
import kb.local.verify.Folder;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A whole pipeline as separate processes on loopback: a KRaft cluster, an Elasticsearch cluster and every
 * stage as its own JVM ({@link Child}), each with its data and log under one folder. Closing stops them all;
 * they also stop when this JVM dies.
 */
public final class Cluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    /** The node name of the master-only Elasticsearch node; the data nodes are es-1, es-2, ... */
    public static final String TIEBREAKER = "es-tiebreaker";

    /** A stage process and where it says it is healthy. */
    public record Member(Child child, URI health) {
        public String name() {
            return child.name();
        }
    }

    /** A Kafka node: its id (what a partition's leader is named by) and its process. */
    public record Broker(int nodeId, int port, Child child) {}

    private final ClusterLayout layout;
    private final Path dataDir;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Broker> brokers = new ArrayList<>();
    private final List<EmbeddedElasticsearch> esNodes = new ArrayList<>();
    /** The master-only Elasticsearch node, or null. */
    private EmbeddedElasticsearch tiebreaker;

    private final List<Member> chunkers = new ArrayList<>();
    private final List<Member> sinks = new ArrayList<>();
    private final List<Member> apis = new ArrayList<>();
    private final List<Member> producers = new ArrayList<>();
    private String bootstrap;
    private String esUrl;

    private Cluster(ClusterLayout layout, Path dataDir) {
        this.layout = layout;
        this.dataDir = dataDir.toAbsolutePath().normalize();
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

    private void startAll() throws Exception {
        long started = System.nanoTime();
        Files.createDirectories(dataDir);
        startKafka();
        startElasticsearch();
        for (int i = 1; i <= layout.chunkers(); i++) {
            chunkers.add(stage(
                    "chunker-" + i,
                    "kb.chunker.ChunkerMain",
                    "384m",
                    Map.of(
                            KbSettings.STREAMS_STATE_DIR.name(),
                            dataDir.resolve("chunker-" + i + "/streams").toString())));
        }
        awaitHealthy(chunkers); // the first stage creates the topics; the others find them
        for (int i = 1; i <= layout.sinks(); i++) {
            sinks.add(stage("sink-" + i, "kb.sink.SinkMain", "768m", Map.of()));
        }
        for (int i = 1; i <= layout.apis(); i++) {
            int port = layout.apiPort() == 0 ? FreePorts.pick() : layout.apiPort() + i - 1;
            apis.add(member(
                    new Child(
                                    "api-" + i,
                                    "kb.query.QueryMain",
                                    List.of(),
                                    "512m",
                                    env(Map.of(KbSettings.API_PORT.name(), Integer.toString(port))),
                                    logs())
                            .start(),
                    URI.create("http://localhost:" + port + "/health")));
        }
        for (int i = 0; i < layout.folders().size(); i++) {
            Folder folder = layout.folders().get(i);
            Files.createDirectories(folder.dir());
            Map<String, String> own = new HashMap<>(
                    Map.of(KbSettings.BASE_DIR.name(), folder.dir().toString()));
            if (folder.collection() != null) {
                own.put(KbSettings.COLLECTION.name(), folder.collection());
            }
            producers.add(stage("producer-" + (i + 1), "kb.ingest.IngestProducerMain", "256m", own));
        }
        List<Member> all = new ArrayList<>(sinks);
        all.addAll(apis);
        all.addAll(producers);
        awaitHealthy(all);
        endpoints().write(dataDir);
        LOG.info("ready in {} s", (System.nanoTime() - started) / 1_000_000_000);
    }

    // ---- Kafka

    private void startKafka() throws IOException {
        int n = layout.brokers();
        int[] ports = new int[n];
        int[] controllers = new int[n];
        List<String> voters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ports[i] = FreePorts.pick();
            controllers[i] = FreePorts.pick();
            voters.add((i + 1) + "@localhost:" + controllers[i]);
        }
        String clusterId = clusterId();
        for (int i = 0; i < n; i++) {
            Child child = new Child(
                            "kafka-" + (i + 1),
                            KafkaNodeMain.class.getName(),
                            List.of(
                                    Integer.toString(i + 1),
                                    Integer.toString(ports[i]),
                                    Integer.toString(controllers[i]),
                                    String.join(",", voters),
                                    Integer.toString(n),
                                    dataDir.resolve("kafka-" + (i + 1)).toString(),
                                    clusterId),
                            "384m",
                            Map.of(),
                            logs())
                    .start();
            brokers.add(new Broker(i + 1, ports[i], child));
        }
        bootstrap = brokers.stream().map(b -> "localhost:" + b.port()).collect(Collectors.joining(","));
        awaitBrokers(n);
    }

    /** One id for the cluster's life, so a restart over the same folder is the same cluster. */
    private String clusterId() throws IOException {
        Path file = dataDir.resolve("kafka-cluster-id");
        if (!Files.exists(file)) {
            Files.writeString(file, Uuid.randomUuid().toString());
        }
        return Files.readString(file).strip();
    }

    /** Waits until {@code count} brokers are registered. */
    public void awaitBrokers(int count) {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        awaitListening(deadline); // an admin client asked before would log a warning per node and retry
        try (Admin admin = admin()) {
            while (true) {
                try {
                    if (admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).size() >= count) {
                        return;
                    }
                } catch (ExecutionException | TimeoutException e) {
                    // not up yet
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException(count + " Kafka brokers did not come up within " + START_TIMEOUT);
                }
                pause();
            }
        }
    }

    /** Until every running broker accepts connections. */
    private void awaitListening(Instant deadline) {
        for (Broker broker : brokers) {
            while (broker.child().isAlive()
                    && !accepts(broker.port())
                    && Instant.now().isBefore(deadline)) {
                pause();
            }
        }
    }

    private static boolean accepts(int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress("localhost", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public Admin admin() {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        return Admin.create(props);
    }

    /** The broker leading partition 0 of a topic. */
    public Broker leaderOf(String topic) throws ExecutionException, InterruptedException {
        try (Admin admin = admin()) {
            TopicDescription description =
                    admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
            int leader = description.partitions().get(0).leader().id();
            return brokers.stream()
                    .filter(b -> b.nodeId() == leader)
                    .findFirst()
                    .orElseThrow();
        }
    }

    // ---- Elasticsearch

    private void startElasticsearch() throws IOException, InterruptedException {
        if (layout.externalEs() != null) {
            esUrl = layout.externalEs();
            return;
        }
        int n = layout.esNodes() + (layout.esTiebreaker() ? 1 : 0);
        int[] http = new int[n];
        int[] transport = new int[n];
        for (int i = 0; i < n; i++) {
            http[i] = FreePorts.pick();
            transport[i] = FreePorts.pick();
        }
        String seeds = java.util.Arrays.stream(transport)
                .mapToObj(p -> "127.0.0.1:" + p)
                .collect(Collectors.joining(","));
        for (int i = 0; i < n; i++) {
            boolean tiebreaker = i == layout.esNodes();
            String name = tiebreaker ? TIEBREAKER : "es-" + (i + 1);
            List<String> settings = new ArrayList<>(List.of(
                    "cluster.name=kb-cluster",
                    "node.name=" + name,
                    "transport.port=" + transport[i],
                    "discovery.seed_hosts=" + seeds,
                    "cluster.initial_master_nodes=es-1"));
            if (tiebreaker) {
                settings.add("node.roles=master"); // a vote, no shards: it keeps a majority when a data node dies
            }
            // The first node bootstraps the cluster alone; the others join it through the seed hosts, so they
            // can start one after the other.
            EmbeddedElasticsearch node = EmbeddedElasticsearch.startNode(
                    Infrastructure.distributionZip(),
                    dataDir.resolve(name),
                    tiebreaker ? "256m" : "512m",
                    http[i],
                    settings,
                    false);
            if (tiebreaker) {
                this.tiebreaker = node;
            } else {
                esNodes.add(node);
            }
        }
        // Clients talk to the data nodes only: the tiebreaker holds no shards.
        esUrl = esNodes.stream().map(EmbeddedElasticsearch::url).collect(Collectors.joining(","));
        awaitElasticsearchNodes(n);
    }

    /** Waits until {@code count} nodes are in the cluster (asked of every node in turn). */
    public void awaitElasticsearchNodes(int count) throws InterruptedException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            for (String node : esUrl.split(",")) {
                if (status(URI.create(node + "/_cluster/health?wait_for_nodes=" + count + "&timeout=2s")) == 200) {
                    return;
                }
            }
            pause();
        }
        throw new IllegalStateException(count + " Elasticsearch nodes did not form a cluster within " + START_TIMEOUT);
    }

    /** The data nodes, es-1 first. */
    public List<EmbeddedElasticsearch> esNodes() {
        return List.copyOf(esNodes);
    }

    /** Every Elasticsearch node there is: the data nodes and the tiebreaker. */
    public int esNodeCount() {
        return esNodes.size() + (tiebreaker == null ? 0 : 1);
    }

    // ---- stages

    private Member stage(String name, String mainClass, String heap, Map<String, String> own) throws IOException {
        int metricsPort = FreePorts.pick();
        Map<String, String> values = new HashMap<>(own);
        values.put(KbSettings.METRICS_PORT.name(), Integer.toString(metricsPort));
        return member(
                new Child(name, mainClass, List.of(), heap, env(values), logs()).start(),
                URI.create("http://localhost:" + metricsPort + "/health"));
    }

    private static Member member(Child child, URI health) {
        return new Member(child, health);
    }

    /** Every service gets the same layout and addresses; {@code own} adds what is this process's alone. */
    private Map<String, String> env(Map<String, String> own) {
        Map<String, String> env = new HashMap<>(layout.env());
        env.put(KbSettings.KAFKA_BOOTSTRAP.name(), bootstrap);
        env.put(KbSettings.ES_URL.name(), esUrl);
        env.put(KbSettings.TOPIC_PARTITIONS.name(), Integer.toString(layout.partitions()));
        env.put(KbSettings.TOPIC_REPLICATION.name(), Integer.toString(layout.replication()));
        env.put(KbSettings.ES_SHARDS.name(), Integer.toString(layout.esShards()));
        env.put(KbSettings.ES_REPLICAS.name(), Integer.toString(layout.esReplicas()));
        env.putIfAbsent(
                KbSettings.BASE_DIR.name(), layout.folders().get(0).dir().toString());
        env.putAll(own);
        return env;
    }

    private Path logs() {
        return dataDir.resolve("logs");
    }

    /** Waits until each member's /health answers 200. */
    public void awaitHealthy(List<Member> members) throws InterruptedException {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        List<Member> waiting = new ArrayList<>(members);
        while (!waiting.isEmpty()) {
            waiting.removeIf(m -> status(m.health()) == 200);
            for (Member m : waiting) {
                if (!m.child().isAlive()) {
                    throw new IllegalStateException(
                            m.name() + " exited during start; see " + m.child().log());
                }
            }
            if (!waiting.isEmpty() && Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("not healthy within " + START_TIMEOUT + ": "
                        + waiting.stream().map(Member::name).toList());
            }
            if (!waiting.isEmpty()) {
                pause();
            }
        }
    }

    /** Starts a member again (after a kill or stop) and waits until it is healthy. */
    public void restart(Member member) throws IOException, InterruptedException {
        member.child().start();
        awaitHealthy(List.of(member));
    }

    private int status(URI uri) {
        try {
            return http.send(
                            HttpRequest.newBuilder(uri)
                                    .timeout(Duration.ofSeconds(5))
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Polling other processes' health: there is no condition in this JVM to wait on. */
    private static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public List<Broker> brokers() {
        return List.copyOf(brokers);
    }

    public List<Member> chunkers() {
        return List.copyOf(chunkers);
    }

    public List<Member> sinks() {
        return List.copyOf(sinks);
    }

    public List<Member> apis() {
        return List.copyOf(apis);
    }

    public List<Member> producers() {
        return List.copyOf(producers);
    }

    public String bootstrapServers() {
        return bootstrap;
    }

    public String elasticsearchUrl() {
        return esUrl;
    }

    public List<String> apiUrls() {
        return apis.stream()
                .map(a -> a.health().resolve("/").toString().replaceAll("/$", ""))
                .toList();
    }

    public Endpoints endpoints() {
        return new Endpoints(bootstrap, esUrl, String.join(",", apiUrls()));
    }

    public ClusterLayout layout() {
        return layout;
    }

    /** Stops the stages (producers first), then Elasticsearch, then the brokers. */
    @Override
    public void close() {
        List<Member> stages = new ArrayList<>(producers);
        stages.addAll(apis);
        stages.addAll(sinks);
        stages.addAll(chunkers);
        stages.parallelStream().forEach(m -> m.child().stop());
        List<EmbeddedElasticsearch> nodes = new ArrayList<>(esNodes);
        if (tiebreaker != null) {
            nodes.add(tiebreaker);
        }
        for (EmbeddedElasticsearch node : nodes) {
            try {
                node.close();
            } catch (RuntimeException e) {
                LOG.warn("error while stopping Elasticsearch", e);
            }
        }
        brokers.parallelStream().forEach(b -> b.child().stop());
        LOG.info("stopped");
    }
}
