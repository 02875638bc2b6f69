package kb.tools.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.local.verify.Endpoints;
import kb.local.verify.Folder;
import kb.local.verify.VerifyReport;
import kb.search.es.IndexNames;

/**
 * One soak: seeded random operations on a real folder while a real {@code kb up} process runs on it and is
 * SIGKILLed and restarted at seeded moments, and, with broker restarts planned, while its broker (its own process)
 * is stopped and started again at other seeded moments; then, once it has settled, the same folder rebuilt from nothing by
 * a second {@code kb up} on a new data folder, and the two compared layer by layer and chunk by chunk.
 */
final class Soak {

    /** The collection both pipelines index the folder as, so their document ids are the same. */
    static final String COLLECTION = "soak";

    private final SoakPlan plan;
    private final PrintStream out;
    private final Folder folder;
    /** When the last operation was applied: the convergence time runs from here, kills and restarts after it included. */
    private Instant lastOperation;

    Soak(SoakPlan plan, PrintStream out) {
        this.plan = plan;
        this.out = out;
        this.folder = new Folder(COLLECTION, plan.folder().toAbsolutePath());
    }

    SoakReport run() throws Exception {
        Random random = new Random(plan.seed());
        FolderOperations operations = new FolderOperations(plan.folder(), plan.files(), random);
        operations.seed();
        out.printf(Locale.ROOT, "kb soak: seed %d, %d notes in %s%n", plan.seed(), plan.files(), plan.folder());
        IndexContents soakIndex;
        VerifyReport soakReport;
        Duration converged;
        Disruptions disruptions;
        Map<String, Double> publishing;
        try (SoakBroker broker = plan.brokerRestarts() > 0 ? new SoakBroker(plan.work(), plan.logs()) : null;
                KbUpProcess kb = process("kb-soak", "data-soak", broker == null ? null : broker.bootstrap())) {
            if (broker != null) {
                broker.start(BrokerRestarts.START_TIMEOUT);
                out.printf(
                        Locale.ROOT,
                        "kb soak: broker %s (pid %d, log %s)%n",
                        broker.bootstrap(),
                        broker.pid(),
                        broker.log());
            }
            kb.start();
            kb.awaitReady(KbUpProcess.START_TIMEOUT);
            out.printf(Locale.ROOT, "kb soak: kb up ready (pid %d, log %s)%n", kb.pid(), kb.log());
            disruptions = operate(operations, kb, broker);
            Instant restarted = Instant.now();
            kb.awaitReady(KbUpProcess.START_TIMEOUT);
            out.printf(Locale.ROOT, "kb soak: kb up ready again after %.1f s%n", seconds(restarted));
            soakReport = Settling.settle(kb.endpoints(), folder, plan.env(), plan.settleTimeout());
            converged = Duration.between(lastOperation, Instant.now());
            out.printf(
                    Locale.ROOT,
                    soakReport.healthy()
                            ? "kb soak: settled %.1f s after the last operation%n"
                            : "kb soak: still drifting %.1f s after the last operation, when the settle timeout ran out%n",
                    converged.toMillis() / 1e3);
            publishing = PublishFigures.read(kb.endpoints().api());
            soakIndex = contents(kb.endpoints());
        }
        try (KbUpProcess fresh = process("kb-rebuild", "data-rebuild", null)) {
            Instant start = Instant.now();
            fresh.start();
            fresh.awaitReady(KbUpProcess.START_TIMEOUT);
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
                    plan.seed(),
                    operations.counts(),
                    disruptions,
                    publishing,
                    converged,
                    soakReport,
                    rebuildReport,
                    differences);
        }
    }

    private KbUpProcess process(String name, String data, String kafka) {
        return new KbUpProcess(name, folder, plan.work().resolve(data), plan.logs(), "2g", plan.env(), kafka);
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
     * The operations, evenly spread over the plan's duration, kb's kills at their moments and the broker's restarts
     * at theirs (on their own thread, {@link BrokerRestarts}). A kill waits for kb to be ready and the broker up (a
     * kill during start-up, or with the broker down, is another test) without holding the operations up; the new
     * process starts while they go on. Kills still due after the last operation happen then, and the restarts still
     * due after them. Returns what was done to kb and its broker.
     */
    private Disruptions operate(FolderOperations operations, KbUpProcess kb, SoakBroker broker) throws Exception {
        Object lock = new Object();
        CountDownLatch killsDone = new CountDownLatch(1);
        List<Duration> kills = killMoments(new Random(plan.seed() + 1));
        BrokerRestarts restarts = broker == null
                ? null
                : new BrokerRestarts(
                        BrokerRestarts.plan(plan.brokerRestarts(), plan.duration(), new Random(plan.seed() + 2)),
                        broker,
                        kb,
                        lock,
                        killsDone,
                        out);
        if (kills.isEmpty()) {
            killsDone.countDown();
        }
        Instant start = Instant.now();
        if (restarts != null) {
            restarts.start(start);
        }
        long interval = plan.operations() == 0 ? 0 : plan.duration().toNanos() / plan.operations();
        int killed = 0;
        Instant lastKill = null;
        for (int i = 0; i < plan.operations(); i++) {
            if (killed < kills.size() && !Instant.now().isBefore(start.plus(kills.get(killed)))) {
                synchronized (lock) {
                    if ((broker == null || broker.up()) && kb.ready()) {
                        kill(kb, ++killed, start, i);
                        lastKill = Instant.now();
                    }
                }
                if (killed == kills.size()) {
                    killsDone.countDown(); // the broker's last restart may go ahead
                }
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
            kb.awaitReady(KbUpProcess.START_TIMEOUT);
            synchronized (lock) {
                if (broker == null || broker.up()) {
                    kill(kb, ++killed, start, plan.operations());
                    lastKill = Instant.now();
                }
            }
        }
        killsDone.countDown();
        List<BrokerRestart> done = restarts == null ? List.of() : restarts.await();
        boolean kbRestartedAfter = restarts != null
                && lastKill != null
                && restarts.lastBack() != null
                && lastKill.isAfter(restarts.lastBack());
        return new Disruptions(killed, done, kbRestartedAfter);
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
