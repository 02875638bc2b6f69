package kb.local;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.apache.kafka.clients.NetworkClient;
import org.slf4j.Marker;

/**
 * Drops the one library warning a clean stop of the embedded broker writes: Kafka 4.4's broker closes the client
 * of its registration channel twice while it shuts down, and the second close warns "Attempting to close
 * NetworkClient that has already been closed". Nothing is wrong then, and a stop must be quiet; every other line of
 * that logger still passes.
 */
public final class KnownNoise extends TurboFilter {

    static final String NETWORK_CLIENT = NetworkClient.class.getName();
    static final String CLOSED_TWICE = "Attempting to close NetworkClient that has already been closed.";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        boolean closedTwice = format != null
                && format.endsWith(CLOSED_TWICE)
                && logger.getName().equals(NETWORK_CLIENT);
        return closedTwice ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
