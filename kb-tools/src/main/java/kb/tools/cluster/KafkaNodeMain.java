package kb.tools.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kb.core.runtime.Shutdown;
import kb.infra.KraftNodeConfig;
import org.apache.kafka.common.utils.Time;

/**
 * One node of a KRaft cluster (broker and controller in one), as its own process: the same server classes
 * the embedded broker runs. Arguments: node id, broker port, controller port, the voters
 * ({@code 1@localhost:port,...}), the number of nodes, the log folder, the cluster id.
 */
public final class KafkaNodeMain {

    private KafkaNodeMain() {}

    public static void main(String[] args) throws IOException {
        int nodeId = Integer.parseInt(args[0]);
        int brokerPort = Integer.parseInt(args[1]);
        int controllerPort = Integer.parseInt(args[2]);
        String voters = args[3];
        int nodes = Integer.parseInt(args[4]);
        Path logDir = Path.of(args[5]);
        String clusterId = args[6];
        Properties props = props(nodeId, brokerPort, controllerPort, voters, nodes, logDir);
        KraftNodeConfig.formatOnce(logDir, props, clusterId);
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        Shutdown.onExit("kb-kafka-node", () -> {
            server.shutdown();
            server.awaitShutdown();
        });
        server.startup();
        System.out.println("kb-kafka-node " + nodeId + " started on localhost:" + brokerPort);
        server.awaitShutdown();
    }

    /**
     * The shared node settings, plus what a multi-node cluster on one machine needs: internal topics spread
     * over 4 partitions, fewer threads per node (three nodes share two cores), and a shorter fence.
     */
    static Properties props(int nodeId, int brokerPort, int controllerPort, String voters, int nodes, Path logDir) {
        Properties props = KraftNodeConfig.props(nodeId, brokerPort, controllerPort, voters, nodes, logDir);
        props.put("offsets.topic.num.partitions", "4");
        props.put("transaction.state.log.num.partitions", "4");
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
}
