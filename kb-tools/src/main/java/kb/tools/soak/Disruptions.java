package kb.tools.soak;

import java.util.List;

/**
 * What a soak did to kb and its broker while it edited the folder.
 *
 * @param kills                 the SIGKILLs (and restarts) of {@code kb up}
 * @param brokerRestarts        the broker's stops and starts, in order (none without {@code --broker-restarts})
 * @param kbRestartedAfterBroker whether kb was killed after the broker's last restart: then a restart's rescan, not
 *                               kb's own republishing, may be what repaired the changes the outage missed
 */
record Disruptions(int kills, List<BrokerRestart> brokerRestarts, boolean kbRestartedAfterBroker) {

    Disruptions {
        brokerRestarts = List.copyOf(brokerRestarts);
    }
}
