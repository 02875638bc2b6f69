package kb.tools.soak;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import kb.local.verify.VerifyReport;

/**
 * What a soak found.
 *
 * @param seed         the seed, to run the same operations again
 * @param operations   the operations applied, by kind
 * @param disruptions  the SIGKILLs of {@code kb up} and the broker's restarts
 * @param publishing   the producer's publish errors, republish queue and reconciliations at the end (from kb's
 *                     last start), as its {@code /metrics} showed them
 * @param converged    from the last operation to no drift in the soak's pipeline (its restart included)
 * @param soak         the soak's pipeline against the folder
 * @param rebuild      a fresh pipeline on a new data folder against the same folder
 * @param differences  the two indexes' documents and chunks that differ, one line each
 */
record SoakReport(
        long seed,
        Map<OpKind, Integer> operations,
        Disruptions disruptions,
        Map<String, Double> publishing,
        Duration converged,
        VerifyReport soak,
        VerifyReport rebuild,
        List<String> differences) {

    /** Lines of differences printed at most; the count says how many there are. */
    private static final int MAX_LINES = 50;

    SoakReport {
        publishing = Map.copyOf(publishing);
        differences = List.copyOf(differences);
    }

    /** No drift, the same index as a fresh rebuild, and kb not restarted after the broker's last restart. */
    boolean convergent() {
        return soak.healthy() && rebuild.healthy() && differences.isEmpty() && !disruptions.kbRestartedAfterBroker();
    }

    int kills() {
        return disruptions.kills();
    }

    int operationCount() {
        return operations.values().stream().mapToInt(Integer::intValue).sum();
    }

    void print(PrintStream out) {
        out.printf(
                Locale.ROOT,
                "kb soak: seed %d, %d operations, %d kills, %d broker restarts%n",
                seed,
                operationCount(),
                kills(),
                disruptions.brokerRestarts().size());
        for (OpKind kind : OpKind.values()) {
            out.printf(
                    Locale.ROOT,
                    "  %-15s %6d%n",
                    kind.name().toLowerCase(Locale.ROOT),
                    operations.getOrDefault(kind, 0));
        }
        printBroker(out);
        out.printf(
                Locale.ROOT,
                soak.healthy()
                        ? "kb soak: no drift %.1f s after the last operation%n"
                        : "kb soak: drift still there %.1f s after the last operation (the settle timeout)%n",
                converged.toMillis() / 1e3);
        out.println("kb soak: the soak's pipeline against the folder:");
        soak.print(out);
        out.println("kb soak: a fresh rebuild against the same folder:");
        rebuild.print(out);
        out.printf(Locale.ROOT, "kb soak: %d differences between the two indexes%n", differences.size());
        differences.stream().limit(MAX_LINES).forEach(line -> out.println("  " + line));
        out.println(
                convergent()
                        ? "kb soak: CONVERGED (seed " + seed + ")"
                        : "kb soak: DID NOT CONVERGE (seed " + seed + ")");
    }

    private void printBroker(PrintStream out) {
        for (BrokerRestart restart : disruptions.brokerRestarts()) {
            out.printf(
                    Locale.ROOT,
                    "  broker restart %d: %s at %.1f s, down %.1f s, republishPending at most %s%n",
                    restart.number(),
                    restart.signal(),
                    restart.at().toMillis() / 1e3,
                    restart.outage().toMillis() / 1e3,
                    restart.republishPending() < 0 ? "(not shown)" : Long.toString(restart.republishPending()));
        }
        if (!disruptions.brokerRestarts().isEmpty()) {
            out.println("  kb restarted after the broker's last restart: "
                    + (disruptions.kbRestartedAfterBroker() ? "yes (does not count as converged)" : "no"));
        }
        publishing.forEach(
                (name, value) -> out.printf(Locale.ROOT, "  %s %.0f (since kb's last start)%n", name, value));
    }
}
