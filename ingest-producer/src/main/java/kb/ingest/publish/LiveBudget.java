package kb.ingest.publish;

import java.time.Clock;

/**
 * How many of the watcher's changes are copied to the live lane. A person saves a few files at a time; a sync, a
 * checkout or a folder moved in changes thousands at once, and copied whole they were a backlog on the live lane
 * itself: a save made just after 2,000 files were written waited 11-14 s behind their copies ({@code kb bench}).
 * A token bucket: a change takes a copy while one is left, copies come back at a steady rate, and a change without
 * one goes to kb.file-events only, in turn. The live lane then holds a short queue at most, and a save made during
 * or after a burst finds a copy within a fraction of a second.
 */
public final class LiveBudget {

    /** Copies a burst may take at once: more than a person saves together. */
    public static final int BURST = 32;
    /** Copies given back per second: faster than a person saves, slower than a sync writes. */
    public static final double PER_SECOND = 8;
    /**
     * Of the changes the watcher reads together in a burst (more than {@link #BURST} due or waiting), the newest this
     * many ask for a copy; the others go in turn without spending the budget. Spent in the order the changes were
     * read, the budget went to the burst's first files and the save made just after it waited behind all of them
     * (16-20 s after 2,000 files); kept for the newest, the save finds a copy.
     */
    public static final int NEWEST_OF_A_BURST = 4;

    private final Clock clock;
    private double tokens = BURST;
    private long lastMillis;

    public LiveBudget(Clock clock) {
        this.clock = clock;
        this.lastMillis = clock.millis();
    }

    /** @return whether this change is copied to the live lane (a copy is taken) */
    public synchronized boolean take() {
        long now = clock.millis();
        tokens = Math.min(BURST, tokens + Math.max(0, now - lastMillis) * PER_SECOND / 1000.0);
        lastMillis = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
