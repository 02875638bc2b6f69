package kb.local.verify;

import java.io.PrintStream;
import java.util.List;

/** Every layer's drift from the folders; healthy when all are 0. */
public record VerifyReport(int expectedDocuments, List<Drift> layers) {

    public int missing() {
        return layers.stream().mapToInt(Drift::missing).sum();
    }

    public int stale() {
        return layers.stream().mapToInt(Drift::stale).sum();
    }

    public int extra() {
        return layers.stream().mapToInt(Drift::extra).sum();
    }

    public int duplicate() {
        return layers.stream().mapToInt(Drift::duplicate).sum();
    }

    public int total() {
        return missing() + stale() + extra() + duplicate();
    }

    public boolean healthy() {
        return total() == 0;
    }

    public void print(PrintStream out) {
        out.printf("%-40s %8s %8s %8s %9s%n", "layer", "missing", "stale", "extra", "duplicate");
        for (Drift drift : layers) {
            out.printf(
                    "%-40s %8d %8d %8d %9d%n",
                    drift.layer(), drift.missing(), drift.stale(), drift.extra(), drift.duplicate());
            drift.examples().forEach(example -> out.println("    " + example));
        }
        out.printf(
                "drift over %d expected documents: missing %d, stale %d, extra %d, duplicate %d%n",
                expectedDocuments, missing(), stale(), extra(), duplicate());
    }
}
