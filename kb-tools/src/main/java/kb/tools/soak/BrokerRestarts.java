package kb.tools.soak;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import kb.core.runtime.Threads;
import kb.local.HttpApi;

/**
 * The broker's stops and starts during a soak, on their own thread while the operations go on: at seeded moments in
 * the middle 80 % of the operations, SIGKILL or SIGTERM (seeded), down for a seeded 10-60 s, then started again on
 * the same log and ports. kb is not restarted for them. A stop waits until kb answers {@code /health} (a broker
 * stopped while kb starts is another test), and the last one waits until kb's kills are done, so kb is never
 * restarted after the last broker restart: what converges after it is kb's own republishing and reconciliation.
 */
final class BrokerRestarts {

    /**
     * How long a start of the broker may take to listen. Measured: after a SIGTERM, more than 3 minutes at a load
     * average of 50 on two cores (the first long soak's restart 2 ran out of a 3-minute timeout).
     */
    static final Duration START_TIMEOUT = Duration.ofMinutes(10);

    private static final int MIN_OUTAGE_SECONDS = 10;
    private static final int MAX_OUTAGE_SECONDS = 60;

    /** A planned restart: when, which signal, how long down. */
    record Planned(Duration at, boolean sigkill, Duration outage) {}

    private final List<Planned> plan;
    private final SoakBroker broker;
    private final KbUpProcess kb;
    private final Object disruptions;
    private final CountDownLatch killsDone;
    private final PrintStream out;
    private final List<BrokerRestart> done = new ArrayList<>();
    private volatile Instant lastBack;
    private volatile Exception failure;
    private Thread thread;

    /**
     * @param disruptions the lock kb's kills take too: a broker stop and a kb kill never happen at the same moment
     * @param killsDone   counted down when kb's last kill is done
     */
    BrokerRestarts(
            List<Planned> plan,
            SoakBroker broker,
            KbUpProcess kb,
            Object disruptions,
            CountDownLatch killsDone,
            PrintStream out) {
        this.plan = List.copyOf(plan);
        this.broker = broker;
        this.kb = kb;
        this.disruptions = disruptions;
        this.killsDone = killsDone;
        this.out = out;
    }

    /** {@code count} restarts over {@code span}: moments seeded and sorted, signals and outages seeded. */
    static List<Planned> plan(int count, Duration span, Random random) {
        List<Planned> planned = new ArrayList<>();
        long millis = span.toMillis();
        for (int i = 0; i < count; i++) {
            Duration at = Duration.ofMillis(millis / 10 + (long) (random.nextDouble() * millis * 8 / 10));
            boolean sigkill = random.nextBoolean();
            Duration outage = Duration.ofSeconds(
                    MIN_OUTAGE_SECONDS + random.nextInt(MAX_OUTAGE_SECONDS - MIN_OUTAGE_SECONDS + 1));
            planned.add(new Planned(at, sigkill, outage));
        }
        planned.sort((a, b) -> a.at().compareTo(b.at()));
        return planned;
    }

    void start(Instant operationsStart) {
        thread = Threads.daemon("kb-soak-broker-restarts", () -> run(operationsStart));
        thread.start();
    }

    /** Waits until every planned restart is done; rethrows what stopped them. */
    List<BrokerRestart> await() throws Exception {
        if (thread != null) {
            thread.join();
        }
        if (failure != null) {
            throw failure;
        }
        return List.copyOf(done);
    }

    /** When the broker last accepted connections again after a restart, or null before any. */
    Instant lastBack() {
        return lastBack;
    }

    private void run(Instant operationsStart) {
        try {
            for (int i = 0; i < plan.size(); i++) {
                Planned next = plan.get(i);
                long wait = Duration.between(Instant.now(), operationsStart.plus(next.at()))
                        .toMillis();
                if (wait > 0) {
                    Thread.sleep(wait); // the plan's moment: time itself is the condition
                }
                if (i == plan.size() - 1) {
                    killsDone.await();
                }
                done.add(restart(i + 1, next, operationsStart));
            }
        } catch (Exception e) {
            failure = e;
            out.println("kb soak: the broker's restarts stopped: " + e); // now, not only after the last operation
        }
    }

    private BrokerRestart restart(int number, Planned planned, Instant operationsStart)
            throws IOException, InterruptedException {
        Instant stopped = stopWhenKbReady(planned.sigkill());
        String signal = planned.sigkill() ? "SIGKILL" : "SIGTERM";
        Duration at = Duration.between(operationsStart, stopped);
        out.printf(
                Locale.ROOT,
                "kb soak: broker %s %d of %d at %.1f s, down for %d s%n",
                signal,
                number,
                plan.size(),
                at.toMillis() / 1e3,
                planned.outage().toSeconds());
        long pending = watchDuringOutage(stopped.plus(planned.outage()));
        broker.start(START_TIMEOUT);
        lastBack = Instant.now();
        Duration outage = Duration.between(stopped, lastBack);
        out.printf(
                Locale.ROOT,
                "kb soak: broker back after %.1f s (pid %d); republishPending at most %d during the outage%n",
                outage.toMillis() / 1e3,
                broker.pid(),
                pending);
        return new BrokerRestart(number, signal, at, outage, pending);
    }

    /** Stops the broker once kb answers {@code /health}, holding the lock kb's kills take. */
    private Instant stopWhenKbReady(boolean sigkill) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(KbUpProcess.START_TIMEOUT);
        while (true) {
            synchronized (disruptions) {
                if (kb.ready() || Instant.now().isAfter(deadline)) {
                    Instant stopped = Instant.now();
                    if (sigkill) {
                        broker.kill();
                    } else {
                        broker.terminate();
                    }
                    return stopped;
                }
            }
            // Polling kb's /health, as awaitReady does: there is no condition to wait on.
            Thread.sleep(500);
        }
    }

    /** kb's status once a second until {@code until}: the most {@code republishPending} it showed, -1 if never. */
    private long watchDuringOutage(Instant until) throws InterruptedException {
        long most = -1;
        while (Instant.now().isBefore(until)) {
            most = Math.max(most, republishPending());
            long left = Duration.between(Instant.now(), until).toMillis();
            // The plan's outage: time is the condition; the status is read once a second meanwhile.
            Thread.sleep(Math.max(0, Math.min(1000, left)));
        }
        return most;
    }

    private long republishPending() throws InterruptedException {
        try {
            return new HttpApi(kb.endpoints().api())
                    .get("/api/v1/status")
                    .path("republishPending")
                    .asLong(-1);
        } catch (IOException | RuntimeException e) {
            return -1; // kb busy or its status failing without the broker: not this watch's business
        }
    }
}
