package kb.local;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import kb.core.KbTopics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node KRaft broker (broker and controller in one) running inside this JVM, on loopback,
 * with its log in the data folder so topics survive a restart.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);

    private final KafkaRaftServer server;
    private final String bootstrapServers;

    private EmbeddedKafka(KafkaRaftServer server, String bootstrapServers) {
        this.server = server;
        this.bootstrapServers = bootstrapServers;
    }

    public static EmbeddedKafka start(Path logDir) throws IOException {
        long started = System.nanoTime();
        Files.createDirectories(logDir);
        int brokerPort = FreePorts.pick();
        int controllerPort = FreePorts.pick();
        Properties props = brokerProps(logDir, brokerPort, controllerPort);
        formatOnce(logDir, props);
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        server.startup();
        String bootstrap = "localhost:" + brokerPort;
        awaitReady(bootstrap, Duration.ofSeconds(60));
        LOG.info("[kafka] KRaft broker ready at {} in {} ms (log {})", bootstrap,
                (System.nanoTime() - started) / 1_000_000, logDir);
        return new EmbeddedKafka(server, bootstrap);
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * One node is broker and controller; internal topics get replication factor 1; topics are never
     * auto-created (the pipeline creates its own with the right cleanup policies); messages as large as the
     * pipeline's topics allow.
     */
    private static Properties brokerProps(Path logDir, int brokerPort, int controllerPort) {
        Properties props = new Properties();
        props.put("process.roles", "broker,controller");
        props.put("node.id", "1");
        props.put("controller.quorum.voters", "1@localhost:" + controllerPort);
        props.put("listeners", "PLAINTEXT://localhost:" + brokerPort + ",CONTROLLER://localhost:" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://localhost:" + brokerPort);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toAbsolutePath().toString());
        props.put("num.partitions", "1");
        props.put("auto.create.topics.enable", "false");
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "1");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("message.max.bytes", Integer.toString(KbTopics.DEFAULT_MAX_MESSAGE_BYTES));
        props.put("replica.fetch.max.bytes", Integer.toString(KbTopics.DEFAULT_MAX_MESSAGE_BYTES));
        props.put("log.cleaner.backoff.ms", "5000");
        return props;
    }

    /** Formats the log folder on first use, as {@code kafka-storage format} would. */
    private static void formatOnce(Path logDir, Properties props) throws IOException {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return;
        }
        Path config = Files.createTempFile("kb-kraft", ".properties");
        try (OutputStream out = Files.newOutputStream(config)) {
            props.store(out, "kb embedded broker");
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int exit = StorageTool.execute(new String[]{"format", "-t", Uuid.randomUuid().toString(), "-c",
                config.toString(), "--ignore-formatted"}, new PrintStream(output, true, StandardCharsets.UTF_8));
        Files.deleteIfExists(config);
        if (exit != 0) {
            throw new IOException("formatting the Kafka log folder failed: " + output.toString(StandardCharsets.UTF_8));
        }
    }

    private static void awaitReady(String bootstrap, Duration timeout) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        Instant deadline = Instant.now().plus(timeout);
        try (Admin admin = Admin.create(props)) {
            while (true) {
                try {
                    if (!admin.describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
                        return;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for the broker", e);
                } catch (ExecutionException | TimeoutException e) {
                    if (Instant.now().isAfter(deadline)) {
                        throw new IllegalStateException("Kafka broker did not come up within " + timeout, e);
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
        LOG.info("[kafka] broker stopped");
    }
}
