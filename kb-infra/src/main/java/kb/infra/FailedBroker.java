package kb.infra;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import kafka.server.BrokerServer;
import kafka.server.KafkaRaftServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;

/**
 * Stops the broker part of a KRaft node with a bound on its controlled shutdown. {@code KafkaRaftServer.shutdown()}
 * gives that shutdown 5 minutes, waiting for the controller to approve it, and a broker whose log directory failed
 * may never see the approval; {@code BrokerServer.shutdown(Duration)} takes a bound, but the node keeps its broker
 * private, so it is reached by reflection. If Kafka renames it, the node's own shutdown runs (a slower stop of a
 * failed broker, never a wrong one), and {@code BrokerDiskFullTest} shows it.
 */
final class FailedBroker {

    private static final Logger LOG = LoggerFactory.getLogger(FailedBroker.class);

    private FailedBroker() {}

    /** The broker stopped within {@code bound} of controlled shutdown; the node's shutdown then finishes the rest. */
    static void stop(KafkaRaftServer node, Duration bound) {
        try {
            Method broker = KafkaRaftServer.class.getDeclaredMethod("broker");
            broker.setAccessible(true);
            Option<?> server = (Option<?>) broker.invoke(node);
            if (server.isDefined() && server.get() instanceof BrokerServer brokerServer) {
                brokerServer.shutdown(bound);
            }
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException | RuntimeException e) {
            LOG.debug(
                    "the broker's bounded shutdown is not reachable ({}); the node's own shutdown follows",
                    e.toString());
        }
    }
}
