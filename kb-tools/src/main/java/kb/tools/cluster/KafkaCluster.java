package kb.tools.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import kb.infra.FreePorts;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * The KRaft cluster of a {@link Cluster}: every node broker and controller at once, each its own JVM
 * ({@link KafkaNodeMain}) with its data under the cluster's folder.
 */
public final class KafkaCluster {

    /** A Kafka node: its id (what a partition's leader is named by) and its process. */
    public record Broker(int nodeId, int port, Child child) {}

    private final Path dataDir;
    private final Path logs;
    private final List<Broker> brokers = new ArrayList<>();
    private String bootstrap;

    /** Nothing starts until {@link #start}; what did start is stopped by {@link #close}, even after a failure. */
    KafkaCluster(Path dataDir, Path logs) {
        this.dataDir = dataDir;
        this.logs = logs;
    }

    /** Starts {@code n} nodes and returns once all are registered. */
    void start(int n) throws IOException {
        int[] ports = new int[n];
        int[] controllers = new int[n];
        List<String> voters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ports[i] = FreePorts.pick();
            controllers[i] = FreePorts.pick();
            voters.add((i + 1) + "@localhost:" + controllers[i]);
        }
        String clusterId = KafkaNode.clusterId(dataDir.resolve("kafka-cluster-id"));
        for (int i = 0; i < n; i++) {
            KafkaNode node = new KafkaNode(
                    i + 1,
                    ports[i],
                    controllers[i],
                    String.join(",", voters),
                    n,
                    dataDir.resolve("kafka-" + (i + 1)),
                    clusterId);
            brokers.add(new Broker(
                    i + 1, ports[i], node.child("kafka-" + (i + 1), logs).start()));
        }
        bootstrap = brokers.stream().map(b -> "localhost:" + b.port()).collect(Collectors.joining(","));
        awaitBrokers(n);
    }

    /** Waits until {@code count} brokers are registered. */
    public void awaitBrokers(int count) {
        Instant deadline = Instant.now().plus(Probe.START_TIMEOUT);
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
                    throw new IllegalStateException(
                            count + " Kafka brokers did not come up within " + Probe.START_TIMEOUT);
                }
                Probe.pause();
            }
        }
    }

    /** Until every running broker accepts connections. */
    private void awaitListening(Instant deadline) {
        for (Broker broker : brokers) {
            while (broker.child().isAlive()
                    && !KafkaNode.accepts(broker.port())
                    && Instant.now().isBefore(deadline)) {
                Probe.pause();
            }
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

    public List<Broker> brokers() {
        return List.copyOf(brokers);
    }

    /** The bootstrap servers, or null before {@link #start}. */
    public String bootstrapServers() {
        return bootstrap;
    }

    /** Stops every node that started. */
    void close() {
        brokers.parallelStream().forEach(b -> b.child().stop());
    }
}
