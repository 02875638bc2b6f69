package kb.local.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import kb.core.KbTopics;
import org.apache.kafka.common.utils.Time;

/**
 * One node of a KRaft cluster (broker and controller in one), as its own process: the same server classes
 * the embedded broker runs. Arguments: node id, broker port, controller port, the voters
 * ({@code 1@localhost:port,...}), the number of nodes, the log folder, the cluster id.
 */
public final class KafkaNodeMain {

    private KafkaNodeMain() {
    }

    public static void main(String[] args) throws IOException {
        int nodeId = Integer.parseInt(args[0]);
        int brokerPort = Integer.parseInt(args[1]);
        int controllerPort = Integer.parseInt(args[2]);
        String voters = args[3];
        int nodes = Integer.parseInt(args[4]);
        Path logDir = Path.of(args[5]);
        String clusterId = args[6];
        Properties props = props(nodeId, brokerPort, controllerPort, voters, nodes, logDir);
        formatOnce(logDir, props, clusterId);
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            server.awaitShutdown();
        }, "kb-kafka-node-shutdown"));
        server.startup();
        System.out.println("kb-kafka-node " + nodeId + " started on localhost:" + brokerPort);
        server.awaitShutdown();
    }

    /**
     * Internal topics (consumer offsets, transactions, Kafka Streams' own) get as many replicas as there are
     * nodes, up to 3, and need all but one in sync from 3 on: one node may die without losing a committed
     * offset or stopping a transaction. Topics are never auto-created.
     */
    static Properties props(int nodeId, int brokerPort, int controllerPort, String voters, int nodes, Path logDir) {
        String replicas = Integer.toString(Math.min(3, nodes));
        String minIsr = Integer.toString(Math.max(1, Math.min(3, nodes) - 1));
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", Integer.toString(nodeId));
        props.put("controller.quorum.voters", voters);
        props.put("listeners", "PLAINTEXT://localhost:" + brokerPort + ",CONTROLLER://localhost:" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://localhost:" + brokerPort);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toAbsolutePath().toString());
        props.put("num.partitions", "1");
        props.put("default.replication.factor", replicas);
        props.put("auto.create.topics.enable", "false");
        props.put("offsets.topic.replication.factor", replicas);
        props.put("offsets.topic.num.partitions", "4");
        props.put("transaction.state.log.replication.factor", replicas);
        props.put("transaction.state.log.min.isr", minIsr);
        props.put("transaction.state.log.num.partitions", "4");
        props.put("share.coordinator.state.topic.replication.factor", replicas);
        props.put("share.coordinator.state.topic.min.isr", minIsr);
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("message.max.bytes", Integer.toString(KbTopics.DEFAULT_MAX_MESSAGE_BYTES));
        props.put("replica.fetch.max.bytes", Integer.toString(KbTopics.DEFAULT_MAX_MESSAGE_BYTES));
        props.put("log.cleaner.backoff.ms", "5000");
        props.put("num.network.threads", "2");
        props.put("num.io.threads", "2");
        props.put("background.threads", "2");
        // A dead broker is fenced, and its partitions get new leaders, after the session timeout: 9 s by
        // default, the larger part of a broker drill's recovery. Nodes on loopback answer heartbeats within
        // milliseconds, so 4 s still leaves room for a pause of a loaded machine.
        props.put("broker.heartbeat.interval.ms", "1000");
        props.put("broker.session.timeout.ms", "4000");
        return props;
    }

    /** Formats the log folder on first use with the cluster's id, as {@code kafka-storage format} would. */
    private static void formatOnce(Path logDir, Properties props, String clusterId) throws IOException {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return;
        }
        Files.createDirectories(logDir);
        Path config = Files.createTempFile("kb-kraft-node", ".properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            props.store(out, "kb cluster node");
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int exit = StorageTool.execute(new String[]{"format", "-t", clusterId, "-c", config.toString(),
                "--ignore-formatted"}, new PrintStream(output, true, StandardCharsets.UTF_8));
        Files.deleteIfExists(config);
        if (exit != 0) {
            throw new IOException("formatting " + logDir + " failed: " + output.toString(StandardCharsets.UTF_8));
        }
    }
}
