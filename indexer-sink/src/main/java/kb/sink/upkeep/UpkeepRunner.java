package kb.sink.upkeep;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import kb.core.IndexUpkeep;
import kb.core.UpkeepState;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the chunk index's upkeep ({@link ChunkIndexUpkeep}) when the sink's vector pass has drained a backlog (every
 * chunk then has its vector, and each vector left a deleted version behind), a moment after a write that needed no
 * vector (a delete, a rename), and otherwise every {@link #PERIOD} (a restart, a retry). A failure never stops the
 * sink: it is logged once when it starts failing and again when the reason changes, shown through
 * {@link IndexUpkeep}, and tried again after a pause doubling from {@link #FIRST_RETRY} to {@link #MAX_RETRY}: a
 * merge refused near Elasticsearch's disk watermark fails again at once.
 */
public final class UpkeepRunner implements IndexUpkeep, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UpkeepRunner.class);

    /** How often the upkeep looks when no backlog drains: the query side's former calibration period. */
    static final Duration PERIOD = Duration.ofSeconds(30);

    /**
     * How long after a write that left deleted versions behind (a delete, a rename, chunks that kept their vectors)
     * the upkeep looks: the writes of one burst are merged away together, and the index is tidy again within
     * seconds rather than at the next {@link #PERIOD}.
     */
    static final Duration AFTER_WRITE = Duration.ofSeconds(1);

    /** How often the upkeep looks while Elasticsearch retains deleted versions, and for how long at most. */
    static final Duration RETAINED_LOOK = Duration.ofSeconds(5);

    static final Duration RETAINED_FOR = Duration.ofSeconds(40);

    /** The pause after a first failed upkeep (a merge refused near the disk watermark fails again at once). */
    static final Duration FIRST_RETRY = Duration.ofSeconds(30);

    /** The longest pause between failed upkeeps: space freed is noticed within this. */
    static final Duration MAX_RETRY = Duration.ofMinutes(8);

    /** What one upkeep found. */
    enum Outcome {
        /** Nothing to do. */
        TIDY,
        /** Deleted versions merged away (or the vector index's graph begun). */
        MERGED,
        /** Deleted versions remain behind a merge still running: look again soon, not at the next period. */
        BUSY,
        /**
         * A merge left every deleted version in place: Elasticsearch keeps soft-deleted versions until the shard's
         * retention lease moves (it is renewed every 30 s), or they lie under its expunge share of a segment.
         */
        RETAINED
    }

    /** What is kept tidy. */
    interface Upkeep {
        /** Does what is due. */
        Outcome tidy() throws IOException;
    }

    private final Upkeep upkeep;
    private final Clock clock;
    private final ScheduledExecutorService scheduler;
    private final List<Consumer<UpkeepState>> listeners = new CopyOnWriteArrayList<>();
    private volatile UpkeepState state = UpkeepState.OK;
    /** Set while a look after a write is scheduled: later writes before it ride along. */
    private final AtomicBoolean lookDue = new AtomicBoolean();
    /** Looks in a row that found deleted versions retained. */
    private int retainedLooks;

    UpkeepRunner(Upkeep upkeep, Clock clock) {
        this.upkeep = upkeep;
        this.clock = clock;
        this.scheduler = Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("kb-index-upkeep"));
    }

    /** The upkeep of the index behind {@code chunksAlias}. */
    public static UpkeepRunner of(ElasticsearchClient client, String chunksAlias, Clock clock) {
        return new UpkeepRunner(new ChunkIndexUpkeep(client, chunksAlias), clock);
    }

    /** Looks once now, then every {@link #PERIOD}. */
    public void start() {
        scheduler.scheduleWithFixedDelay(this::attempt, 0, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The vector pass has drained a backlog: the upkeep is due now rather than at the next period. */
    public void vectorPassDrained() {
        try {
            scheduler.execute(this::attempt);
        } catch (RejectedExecutionException closed) {
            // the sink stops: nothing more to keep tidy
        }
    }

    /** Whether and when the upkeep looks again, given what it found. */
    private void lookAgain(Outcome outcome) {
        retainedLooks = outcome == Outcome.RETAINED ? retainedLooks + 1 : 0;
        if (outcome == Outcome.BUSY) {
            lookIn(AFTER_WRITE);
        } else if (outcome == Outcome.RETAINED && retainedLooks * RETAINED_LOOK.toMillis() <= RETAINED_FOR.toMillis()) {
            lookIn(RETAINED_LOOK);
        }
    }

    /**
     * The sink wrote something that needs no vector but may have left deleted versions behind, or a merge still runs:
     * the upkeep is due {@link #AFTER_WRITE} from now (a write needing vectors is followed by
     * {@link #vectorPassDrained} instead).
     */
    public void indexChanged() {
        lookIn(AFTER_WRITE);
    }

    private void lookIn(Duration pause) {
        if (!lookDue.compareAndSet(false, true)) {
            return;
        }
        try {
            scheduler.schedule(
                    () -> {
                        lookDue.set(false);
                        attempt();
                    },
                    pause.toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            // the sink stops: nothing more to keep tidy
        }
    }

    @Override
    public UpkeepState state() {
        return state;
    }

    @Override
    public void onChange(Consumer<UpkeepState> listener) {
        listeners.add(listener);
    }

    /** Does the upkeep unless a failure's pause has not passed yet; never throws. */
    synchronized void attempt() {
        UpkeepState before = state;
        Instant now = clock.instant();
        if (before.failing() && now.isBefore(before.nextAttempt())) {
            return;
        }
        try {
            lookAgain(upkeep.tidy());
            if (before.failing()) {
                LOG.info("the index's upkeep works again after {} failed attempts", before.failures());
                change(UpkeepState.OK);
            }
        } catch (IOException | RuntimeException e) {
            if (scheduler.isShutdown()) {
                return; // closed while working (the sink stops): its request was cancelled, nothing failed
            }
            Instant next = now.plus(pause(before.failures() + 1));
            UpkeepState after = before.failed(e.toString(), now, next);
            if (!after.reason().equals(before.reason())) {
                LOG.warn("the index's upkeep failed, tried again at {} (then less often): {}", next, e.toString());
            }
            change(after);
        }
    }

    /** {@link #FIRST_RETRY} doubled with each earlier failure in a row, at most {@link #MAX_RETRY}. */
    static Duration pause(int failures) {
        long millis = FIRST_RETRY.toMillis() << Math.min(Math.max(failures - 1, 0), 20);
        return Duration.ofMillis(Math.min(millis, MAX_RETRY.toMillis()));
    }

    private void change(UpkeepState next) {
        state = next;
        listeners.forEach(l -> l.accept(next));
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
