package kb.query.status;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether L1 (Elasticsearch) answers, kept by a background probe so that nothing on a request thread ever waits for
 * Elasticsearch to find out. A refused connection or an error is down at once; a timeout is not: a node busy with a
 * first index or a merge answers a moment later, so only {@value #TIMEOUTS_TO_DOWN} probes in a row that wait out their
 * timeout (or no success for {@code staleAfter}) mean down. A request of any other part that times out asks for a
 * probe now rather than deciding by itself.
 */
public final class ElasticsearchProbe implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchProbe.class);
    /** Probes in a row that wait out their timeout before L1 counts as down: one is a busy moment, two a hung node. */
    static final int TIMEOUTS_TO_DOWN = 2;

    private final ElasticsearchClient client;
    private final Duration interval;
    private final Duration staleAfter;
    private final Clock clock;
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-l1-probe"));
    private final AtomicBoolean probeAsked = new AtomicBoolean();
    private volatile long lastSuccessMillis = Long.MIN_VALUE;
    private volatile String lastProblem = "Elasticsearch is starting: not probed yet";
    private volatile boolean started;
    private volatile int timeoutsInARow;
    private volatile boolean wasUp;

    /**
     * @param client     a client with short timeouts: the probe's own wait is bounded by them
     * @param staleAfter with no successful probe for this long, L1 counts as down: longer than
     *                   {@value #TIMEOUTS_TO_DOWN} probes' timeouts and intervals, so that the rule of timeouts decides
     */
    public ElasticsearchProbe(ElasticsearchClient client, Duration interval, Duration staleAfter, Clock clock) {
        this.client = client;
        this.interval = interval;
        this.staleAfter = staleAfter;
        this.clock = clock;
    }

    /** How long without a success counts as down, for a client whose requests time out after {@code timeout}. */
    public static Duration staleAfter(Duration timeout, Duration interval) {
        return timeout.plus(interval).multipliedBy(TIMEOUTS_TO_DOWN).plus(interval);
    }

    /** Probes once now (bounded by the client's timeouts), then every interval in the background. */
    public void start() {
        started = true;
        probe();
        scheduler.scheduleWithFixedDelay(this::probe, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** False until {@link #start()}: the API serves before Elasticsearch answers (a restart), and says so. */
    public boolean isStarted() {
        return started;
    }

    public boolean isUp() {
        long last = lastSuccessMillis;
        return last != Long.MIN_VALUE && clock.millis() - last <= staleAfter.toMillis();
    }

    /** Why L1 is down, for the health answer. */
    public String problem() {
        return isUp() ? null : lastProblem;
    }

    /** A query just failed on Elasticsearch (refused, broken): down until the next successful probe. */
    void markDown(String reason) {
        lastSuccessMillis = Long.MIN_VALUE;
        lastProblem = reason;
        logTransition();
    }

    /**
     * A request waited out its timeout: maybe a busy moment, maybe a hung node. The probe decides, at once rather than
     * at its next turn; the request's caller has its own answer (a question answers from L0).
     */
    void suspect(String reason) {
        LOG.debug("a request to Elasticsearch timed out ({}): probing now", reason);
        if (probeAsked.compareAndSet(false, true)) {
            try {
                scheduler.execute(() -> {
                    probeAsked.set(false);
                    probe();
                });
            } catch (RejectedExecutionException closed) {
                probeAsked.set(false);
            }
        }
    }

    void probe() {
        try {
            if (client.cluster().health(h -> h.timeout(t -> t.time("1s"))).numberOfNodes() > 0) {
                lastSuccessMillis = clock.millis();
                timeoutsInARow = 0;
            } else {
                down("no Elasticsearch node");
            }
        } catch (Exception e) {
            String problem = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (timedOut(e) && ++timeoutsInARow < TIMEOUTS_TO_DOWN) {
                LOG.info("Elasticsearch slow to answer ({}): probed again before it counts as down", problem);
            } else {
                down(problem);
            }
        }
        logTransition();
    }

    private void down(String problem) {
        lastSuccessMillis = Long.MIN_VALUE;
        lastProblem = problem;
    }

    /** Whether a failure is a wait that ran out (the node may be busy), not a refusal or an error. */
    static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private void logTransition() {
        if (scheduler.isShutdown()) {
            return; // closed: kb stops, and a request still in flight may fail as Elasticsearch stops; no news
        }
        boolean up = isUp();
        if (up != wasUp) {
            wasUp = up;
            if (up) {
                LOG.info("Elasticsearch answers again");
            } else {
                LOG.warn("Elasticsearch unavailable ({}): answering from L0 only, /health is 503", lastProblem);
            }
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
