package kb.local;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.apache.kafka.clients.NetworkClient;
import org.apache.kafka.common.errors.NotControllerException;
import org.slf4j.Marker;

/**
 * Drops two lines the embedded broker writes when nothing is wrong; every other line of their loggers still passes.
 * A clean stop: Kafka 4.4's broker closes the client of its registration channel twice while it shuts down, and the
 * second close warns "Attempting to close NetworkClient that has already been closed". A restart, one in three on a
 * kept log: the broker's controller registers before it has become the active controller of its own quorum, is told
 * {@code NotControllerException} ("the active controller appears to be node 1", itself) and logs it as an ERROR, then
 * registers again a moment later and starts.
 */
public final class KnownNoise extends TurboFilter {

    static final String NETWORK_CLIENT = NetworkClient.class.getName();
    static final String CLOSED_TWICE = "Attempting to close NetworkClient that has already been closed.";

    static final String CONTROLLER_APIS = "kafka.server.ControllerApis";
    static final String REGISTRATION = "apiKey=CONTROLLER_REGISTRATION";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (format == null) {
            return FilterReply.NEUTRAL;
        }
        boolean closedTwice = format.endsWith(CLOSED_TWICE) && logger.getName().equals(NETWORK_CLIENT);
        boolean registeredEarly = logger.getName().equals(CONTROLLER_APIS)
                && format.contains(REGISTRATION)
                && causedBy(t, NotControllerException.class);
        return closedTwice || registeredEarly ? FilterReply.DENY : FilterReply.NEUTRAL;
    }

    private static boolean causedBy(Throwable thrown, Class<? extends Throwable> type) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
