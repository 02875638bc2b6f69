package kb.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntSupplier;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
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
    /** How long a broker that stopped serving its log waits for the controller's approval of its shutdown. */
    private static final Duration FAILED_CONTROLLED_SHUTDOWN = Duration.ofSeconds(5);

    /** Replaced by {@link #restartInPlace()}; read by {@link #close()} from another thread. */
    private volatile KafkaRaftServer server;
    /** Stopped for good by the supervisor: closing has nothing left to do. */
    private boolean stopped;

    private final Properties props;
    private final String bootstrapServers;
    private final Path logDir;

    private EmbeddedKafka(KafkaRaftServer server, Properties props, String bootstrapServers, Path logDir) {
        this.server = server;
        this.props = props;
        this.bootstrapServers = bootstrapServers;
        this.logDir = logDir;
    }

    public Path logDir() {
        return logDir;
    }

    public static EmbeddedKafka start(Path logDir) throws IOException {
        return start(logDir, FreePorts::pick);
    }

    /**
     * Starts on ports from {@code ports}; a port taken between its pick and the broker's bind (another process
     * picked it too) is no failure: the broker starts again on new ones, up to {@value FreePorts#ATTEMPTS} times.
     */
    public static EmbeddedKafka start(Path logDir, IntSupplier ports) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOn(logDir, ports.getAsInt(), ports.getAsInt());
            } catch (RuntimeException e) {
                if (attempt >= FreePorts.ATTEMPTS || !FreePorts.isBindFailure(e)) {
                    throw e;
                }
                LOG.warn("a port chosen for the broker was taken before it bound it ({}); trying others", e.toString());
            }
        }
    }

    private static EmbeddedKafka startOn(Path logDir, int brokerPort, int controllerPort) throws IOException {
        long started = System.nanoTime();
        Files.createDirectories(logDir);
        Properties props = brokerProps(logDir, brokerPort, controllerPort);
        KraftNodeConfig.formatOnce(logDir, props, Uuid.randomUuid().toString());
        String bootstrap = "localhost:" + brokerPort;
        KafkaRaftServer server = startServer(props, bootstrap);
        LOG.info(
                "KRaft broker ready at {} in {} ms (log {})",
                bootstrap,
                (System.nanoTime() - started) / 1_000_000,
                logDir);
        return new EmbeddedKafka(server, props, bootstrap, logDir);
    }

    private static KafkaRaftServer startServer(Properties props, String bootstrap) {
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        try {
            server.startup();
            awaitReady(bootstrap, Duration.ofSeconds(60));
        } catch (RuntimeException e) {
            stopQuietly(server);
            throw e;
        }
        return server;
    }

    /**
     * Stops the broker and starts it again on the same ports and log, as a restart of the process would: clients
     * reconnect to the same address, and the log is recovered from what reached the disk. For a broker that stopped
     * serving its log directory ({@link BrokerSupervisor}).
     */
    synchronized void restartInPlace() {
        long started = System.nanoTime();
        FailedBroker.stop(server, FAILED_CONTROLLED_SHUTDOWN);
        stopQuietly(server);
        server = startServer(props, bootstrapServers);
        LOG.warn("the broker was restarted in {} ms", (System.nanoTime() - started) / 1_000_000);
    }

    /** Stops the broker for good, whatever state its failure left it in ({@link BrokerSupervisor} gave it up). */
    synchronized void stopQuietly() {
        stopQuietly(server);
        stopped = true;
    }

    private static void stopQuietly(KafkaRaftServer server) {
        try {
            server.shutdown();
            server.awaitShutdown();
        } catch (RuntimeException e) {
            LOG.debug("stopping a broker that failed to start: {}", e.toString());
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** One node, broker and controller; its internal topics have one partition each (one consumer group). */
    private static Properties brokerProps(Path logDir, int brokerPort, int controllerPort) {
        Properties props =
                KraftNodeConfig.props(1, brokerPort, controllerPort, "1@localhost:" + controllerPort, 1, logDir);
        props.put("offsets.topic.num.partitions", "1");
        // Kafka's default, controlled.shutdown.enable=true, stays: a clean stop then leaves the broker's registration
        // in controlled shutdown, and the next start registers again at once (KAFKA-19047). Without it the controller
        // kept the previous incarnation's session alive for broker.session.timeout.ms (9 s), and every restart waited
        // it out: 10.25 s against 2.2-2.9 s for a fresh broker (docs/operations.md, start times). A broker whose log
        // directory failed never sees its controlled shutdown approved: restartInPlace bounds that wait.
        return props;
    }

    private static void awaitReady(String bootstrap, Duration timeout) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        Instant deadline = Instant.now().plus(timeout);
        try (Admin admin = Admin.create(props)) {
            while (true) {
                try {
                    if (!admin.describeCluster()
                            .nodes()
                            .get(5, TimeUnit.SECONDS)
                            .isEmpty()) {
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
    public synchronized void close() {
        if (stopped) {
            return;
        }
        server.shutdown();
        server.awaitShutdown();
        LOG.info("broker stopped");
    }
}
