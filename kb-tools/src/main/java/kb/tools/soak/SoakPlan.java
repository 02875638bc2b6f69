package kb.tools.soak;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * What one soak does.
 *
 * @param seed       the random source of the operations and of the kill moments
 * @param files      the number of notes the folder starts with and hovers around
 * @param duration   how long the operations last
 * @param operations how many operations, evenly spread over {@code duration}
 * @param kills      how many SIGKILLs of {@code kb up}, at seeded moments within the operations
 * @param brokerRestarts how many stops and starts of the broker (then its own process), at other seeded moments
 * @param work       the folder of the notes, both data folders and the logs
 * @param env        settings for both {@code kb up} processes and for the verifier, over the environment
 */
record SoakPlan(
        long seed,
        int files,
        Duration duration,
        int operations,
        int kills,
        int brokerRestarts,
        Path work,
        Map<String, String> env) {

    SoakPlan {
        if (files < 1 || operations < 0 || kills < 0 || brokerRestarts < 0 || duration.isNegative()) {
            throw new IllegalArgumentException(
                    "--files must be at least 1; --ops, --kills, --broker-restarts and --minutes at least 0");
        }
        env = Map.copyOf(env);
    }

    /** How long each pipeline may take to settle: ten minutes, and a fifth of a second more per note. */
    Duration settleTimeout() {
        return Duration.ofMinutes(10).plusMillis(200L * files);
    }

    Path folder() {
        return work.resolve("kb");
    }

    Path logs() {
        return work.resolve("logs");
    }
}
