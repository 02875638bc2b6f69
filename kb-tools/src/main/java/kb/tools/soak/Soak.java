package kb.tools.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.local.verify.Endpoints;
import kb.local.verify.Folder;
import kb.local.verify.VerifyReport;
import kb.search.es.IndexNames;

/**
 * One soak: seeded random operations on a real folder while a real {@code kb up} process runs on it and is
 * SIGKILLed and restarted at seeded moments; then, once it has settled, the same folder rebuilt from nothing by
 * a second {@code kb up} on a new data folder, and the two compared layer by layer and chunk by chunk.
 */
final class Soak {

    /** The collection both pipelines index the folder as, so their document ids are the same. */
    static final String COLLECTION = "soak";

    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);

    private final SoakPlan plan;
    private final PrintStream out;
    private final Folder folder;
    /** When the last operation was applied: the convergence time runs from here, kills after it included. */
    private Instant lastOperation;

    Soak(SoakPlan plan, PrintStream out) {
        this.plan = plan;
        this.out = out;
        this.folder = new Folder(COLLECTION, plan.folder().toAbsolutePath());
    }

    SoakReport run() throws IOException, InterruptedException {
        Random random = new Random(plan.seed());
        FolderOperations operations = new FolderOperations(plan.folder(), plan.files(), random);
        operations.seed();
        out.printf(Locale.ROOT, "kb soak: seed %d, %d notes in %s%n", plan.seed(), plan.files(), plan.folder());
        IndexContents soakIndex;
        VerifyReport soakReport;
        Duration converged;
        int kills;
        try (KbUpProcess kb = process("kb-soak", "data-soak")) {
            kb.start();
            kb.awaitReady(START_TIMEOUT);
            out.printf(Locale.ROOT, "kb soak: kb up ready (pid %d, log %s)%n", kb.pid(), kb.log());
            kills = operate(operations, kb, killMoments(new Random(plan.seed() + 1)));
            Instant restarted = Instant.now();
            kb.awaitReady(START_TIMEOUT);
            out.printf(Locale.ROOT, "kb soak: kb up ready again after %.1f s%n", seconds(restarted));
            soakReport = Settling.settle(kb.endpoints(), folder, plan.env(), plan.settleTimeout());
            converged = Duration.between(lastOperation, Instant.now());
            out.printf(
                    Locale.ROOT,
                    soakReport.healthy()
                            ? "kb soak: settled %.1f s after the last operation%n"
                            : "kb soak: still drifting %.1f s after the last operation, when the settle timeout ran out%n",
                    converged.toMillis() / 1e3);
            soakIndex = contents(kb.endpoints());
        }
        try (KbUpProcess fresh = process("kb-rebuild", "data-rebuild")) {
            Instant start = Instant.now();
            fresh.start();
            fresh.awaitReady(START_TIMEOUT);
            VerifyReport rebuildReport = Settling.settle(fresh.endpoints(), folder, plan.env(), plan.settleTimeout());
            out.printf(Locale.ROOT, "kb soak: fresh rebuild settled in %.1f s%n", seconds(start));
            IndexContents rebuilt = contents(fresh.endpoints());
            out.printf(
                    Locale.ROOT,
                    "kb soak: compared %d/%d documents and %d/%d chunks (soak/rebuild)%n",
                    soakIndex.documents().size(),
                    rebuilt.documents().size(),
                    soakIndex.chunks().size(),
                    rebuilt.chunks().size());
            List<String> differences = soakIndex.differences(rebuilt);
            return new SoakReport(
                    plan.seed(), operations.counts(), kills, converged, soakReport, rebuildReport, differences);
        }
    }

    private KbUpProcess process(String name, String data) {
        return new KbUpProcess(name, folder, plan.work().resolve(data), plan.logs(), "2g", plan.env());
    }

    private IndexContents contents(Endpoints endpoints) throws IOException, InterruptedException {
        String prefix = new Settings(plan.env()).get(KbSettings.INDEX_PREFIX);
        return IndexContents.read(endpoints.elasticsearch().split(",")[0], new IndexNames(prefix));
    }

    /** The kills' moments after the start of the operations: seeded, sorted, within its middle 80 %. */
    private List<Duration> killMoments(Random random) {
        List<Duration> moments = new ArrayList<>();
        long span = plan.duration().toMillis();
        for (int i = 0; i < plan.kills(); i++) {
            moments.add(Duration.ofMillis(span / 10 + (long) (random.nextDouble() * span * 8 / 10)));
        }
        moments.sort(null);
        return moments;
    }

    /**
     * The operations, evenly spread over the plan's duration, and the kills at their moments. A kill waits for the
     * process to be ready (a kill during start-up is another test) without holding the operations up; the new
     * process starts while they go on. Kills still due after the last operation happen then. Returns the kills.
     */
    private int operate(FolderOperations operations, KbUpProcess kb, List<Duration> kills)
            throws IOException, InterruptedException {
        Instant start = Instant.now();
        long interval = plan.operations() == 0 ? 0 : plan.duration().toNanos() / plan.operations();
        int killed = 0;
        for (int i = 0; i < plan.operations(); i++) {
            if (killed < kills.size() && !Instant.now().isBefore(start.plus(kills.get(killed))) && kb.ready()) {
                kill(kb, ++killed, start, i);
            }
            operations.applyNext();
            long wait = Duration.between(Instant.now(), start.plusNanos(interval * (i + 1)))
                    .toMillis();
            if (wait > 0) {
                Thread.sleep(wait); // pacing the operations over the duration: time itself is the condition
            }
        }
        lastOperation = Instant.now();
        out.printf(Locale.ROOT, "kb soak: %d operations in %.1f s%n", plan.operations(), seconds(start));
        while (killed < kills.size()) {
            kb.awaitReady(START_TIMEOUT);
            kill(kb, ++killed, start, plan.operations());
        }
        return killed;
    }

    private void kill(KbUpProcess kb, int number, Instant start, int operation)
            throws IOException, InterruptedException {
        long pid = kb.pid();
        kb.kill();
        kb.start();
        out.printf(
                Locale.ROOT,
                "kb soak: SIGKILL %d of %d at %.1f s, before operation %d (pid %d); restarted as pid %d%n",
                number,
                plan.kills(),
                seconds(start),
                operation,
                pid,
                kb.pid());
    }

    private static double seconds(Instant since) {
        return Duration.between(since, Instant.now()).toMillis() / 1e3;
    }
}
