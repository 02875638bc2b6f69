package kb.tools.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Uuid;

/**
 * One KRaft node (broker and controller in one) run as its own JVM ({@link KafkaNodeMain}): what {@link KafkaCluster}
 * starts for each of its nodes and {@code kb soak --broker-restarts} starts alone. Its log folder and ports stay the
 * same across starts, so a restart is the same node on the same log.
 *
 * @param nodeId         the node's id
 * @param port           the broker port
 * @param controllerPort the controller port
 * @param voters         {@code id@localhost:port,...} of every controller
 * @param nodes          how many nodes the cluster has
 * @param logDir         the node's log folder
 * @param clusterId      the cluster's id, the same for every node and every start
 */
public record KafkaNode(
        int nodeId, int port, int controllerPort, String voters, int nodes, Path logDir, String clusterId) {

    /** Heap of each node: a dozen JVMs share two cores and a few GB. */
    private static final String HEAP = "384m";

    /** A cluster of one node on two ports chosen by the caller, with its log in {@code logDir}. */
    public static KafkaNode single(int port, int controllerPort, Path logDir, String clusterId) {
        return new KafkaNode(1, port, controllerPort, "1@localhost:" + controllerPort, 1, logDir, clusterId);
    }

    /** One id for a cluster's life, kept in {@code file}, so a restart over the same folder is the same cluster. */
    public static String clusterId(Path file) throws IOException {
        if (!Files.exists(file)) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, Uuid.randomUuid().toString());
        }
        return Files.readString(file).strip();
    }

    /** The node's process, not started yet; {@link Child#start()} may be called again after it stopped. */
    public Child child(String name, Path logs) {
        return new Child(
                name,
                KafkaNodeMain.class.getName(),
                List.of(
                        Integer.toString(nodeId),
                        Integer.toString(port),
                        Integer.toString(controllerPort),
                        voters,
                        Integer.toString(nodes),
                        logDir.toString(),
                        clusterId),
                HEAP,
                Map.of(),
                logs);
    }

    /** Whether the broker port accepts a connection now. */
    public boolean accepts() {
        return accepts(port);
    }

    /** Whether a port on this machine accepts a connection now. */
    static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
