package kb.query.status;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether L1 (Elasticsearch) answers, kept by a background probe so that nothing on a request thread ever
 * waits for Elasticsearch to find out. A probe that fails, or that has not succeeded for
 * {@code staleAfter} (a hung server never answers), means down; so does a failed query, at once.
 */
public final class ElasticsearchProbe implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchProbe.class);

    private final ElasticsearchClient client;
    private final Duration interval;
    private final Duration staleAfter;
    private final Clock clock;
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-l1-probe"));
    private volatile long lastSuccessMillis = Long.MIN_VALUE;
    private volatile String lastProblem = "not probed yet";
    private volatile boolean wasUp;

    /**
     * @param client     a client with short timeouts: the probe's own wait is bounded by them
     * @param staleAfter with no successful probe for this long, L1 counts as down
     */
    public ElasticsearchProbe(ElasticsearchClient client, Duration interval, Duration staleAfter, Clock clock) {
        this.client = client;
        this.interval = interval;
        this.staleAfter = staleAfter;
        this.clock = clock;
    }

    /** Probes once now (bounded by the client's timeouts), then every interval in the background. */
    public void start() {
        probe();
        scheduler.scheduleWithFixedDelay(this::probe, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean isUp() {
        long last = lastSuccessMillis;
        return last != Long.MIN_VALUE && clock.millis() - last <= staleAfter.toMillis();
    }

    /** Why L1 is down, for the health answer. */
    public String problem() {
        return isUp() ? null : lastProblem;
    }

    /** A query just failed on Elasticsearch: down until the next successful probe. */
    void markDown(String reason) {
        lastSuccessMillis = Long.MIN_VALUE;
        lastProblem = reason;
        logTransition();
    }

    private void probe() {
        try {
            if (client.cluster().health(h -> h.timeout(t -> t.time("1s"))).numberOfNodes() > 0) {
                lastSuccessMillis = clock.millis();
            } else {
                lastSuccessMillis = Long.MIN_VALUE;
                lastProblem = "no Elasticsearch node";
            }
        } catch (Exception e) {
            // A refused connection or an error is down at once; a hung server is down once the last success is stale.
            lastSuccessMillis = Long.MIN_VALUE;
            lastProblem = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        logTransition();
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
