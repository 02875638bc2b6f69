package kb.tools.soak;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import kb.infra.FreePorts;
import kb.tools.cluster.Child;
import kb.tools.cluster.KafkaNode;

/**
 * The soak's broker when it restarts the broker alone: a one-node KRaft cluster as its own JVM (as {@code kb cluster}
 * runs each node), on ports the OS chose and a log folder under the soak's work folder, both kept across restarts so
 * each start is the same broker on the same log. {@code kb up --kafka} is pointed at it.
 */
final class SoakBroker implements AutoCloseable {

    private final KafkaNode node;
    private final Child child;

    SoakBroker(Path work, Path logs) throws IOException {
        Path dir = work.resolve("broker");
        this.node = KafkaNode.single(
                FreePorts.pick(), FreePorts.pick(), dir.resolve("log"), KafkaNode.clusterId(dir.resolve("cluster-id")));
        this.child = node.child("kafka-soak", logs);
    }

    /** Starts the broker process and returns once its port accepts connections. */
    void start(Duration timeout) throws IOException, InterruptedException {
        child.start();
        Instant deadline = Instant.now().plus(timeout);
        while (!node.accepts()) {
            if (!child.isAlive()) {
                throw new IOException("the soak's broker exited while starting; see " + child.log());
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IOException("the soak's broker did not listen within " + timeout + "; see " + child.log());
            }
            // Polling another process's port: there is no condition to wait on.
            Thread.sleep(200);
        }
    }

    /** Whether the process runs and its port accepts connections. */
    boolean up() {
        return child.isAlive() && node.accepts();
    }

    /** SIGKILL: the broker's log is left as a crash leaves it. */
    void kill() throws InterruptedException {
        child.kill();
    }

    /** SIGTERM: the broker shuts down cleanly (SIGKILL after the child's stop timeout). */
    void terminate() {
        child.stop();
    }

    String bootstrap() {
        return "localhost:" + node.port();
    }

    long pid() {
        return child.pid();
    }

    Path log() {
        return child.log();
    }

    @Override
    public void close() {
        child.stop();
    }
}
