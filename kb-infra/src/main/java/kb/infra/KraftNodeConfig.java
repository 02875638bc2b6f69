package kb.infra;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.tools.StorageTool;
import kb.core.topics.KbTopics;

/**
 * The settings of a KRaft node that is broker and controller in one, shared by the embedded single broker
 * ({@link EmbeddedKafka}) and the nodes of {@code kb cluster up} ({@code kb.local.cluster.KafkaNodeMain}), and
 * the formatting of its log folder.
 */
public final class KraftNodeConfig {

    private KraftNodeConfig() {}

    /**
     * Internal topics (consumer offsets, transactions, share state) get as many replicas as there are nodes, up
     * to 3, and need all but one in sync from 3 on: one node may die without losing a committed offset or
     * stopping a transaction. Topics are never auto-created (the pipeline creates its own with the right cleanup
     * policies); messages may be as large as the pipeline's topics allow.
     *
     * @param voters {@code id@localhost:port,...} of every controller
     * @param nodes  how many nodes the cluster has
     */
    public static Properties props(
            int nodeId, int brokerPort, int controllerPort, String voters, int nodes, Path logDir) {
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
        props.put("transaction.state.log.replication.factor", replicas);
        props.put("transaction.state.log.min.isr", minIsr);
        props.put("share.coordinator.state.topic.replication.factor", replicas);
        props.put("share.coordinator.state.topic.min.isr", minIsr);
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("message.max.bytes", Integer.toString(KbTopics.DEFAULT_MAX_MESSAGE_BYTES));
        props.put("replica.fetch.max.bytes", Integer.toString(KbTopics.DEFAULT_MAX_MESSAGE_BYTES));
        props.put("log.cleaner.backoff.ms", "5000");
        return props;
    }

    /** Formats the log folder on first use with the cluster's id, as {@code kafka-storage format} would. */
    public static void formatOnce(Path logDir, Properties props, String clusterId) throws IOException {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return;
        }
        Files.createDirectories(logDir);
        Path config = Files.createTempFile("kb-kraft-node", ".properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            props.store(out, "kb KRaft node");
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int exit = StorageTool.execute(
                new String[] {"format", "-t", clusterId, "-c", config.toString(), "--ignore-formatted"},
                new PrintStream(output, true, StandardCharsets.UTF_8));
        Files.deleteIfExists(config);
        if (exit != 0) {
            throw new IOException("formatting the Kafka log folder " + logDir + " failed: "
                    + output.toString(StandardCharsets.UTF_8));
        }
    }
}
