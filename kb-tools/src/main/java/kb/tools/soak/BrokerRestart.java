package kb.tools.soak;

import java.time.Duration;

/**
 * One stop and start of the soak's broker.
 *
 * @param number            1, 2, ... in order
 * @param signal            {@code SIGKILL} or {@code SIGTERM}
 * @param at                when the broker was stopped, from the start of the operations
 * @param outage            from the stop to its port accepting connections again
 * @param republishPending  the most {@code republishPending} kb's status showed during the outage, -1 if it never did
 */
record BrokerRestart(int number, String signal, Duration at, Duration outage, long republishPending) {}
