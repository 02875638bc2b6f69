package kb.ingest.publish;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The changes whose send to the broker failed and that wait to be published again, by path: the file is read again
 * when its turn comes, so the newest content wins and a file deleted meanwhile becomes a delete. Retries go in rounds
 * with a capped exponential backoff (1 s, 2 s, 4 s ... {@link #MAX_BACKOFF}); any send that lands means the broker
 * works again, and the backoff starts from the bottom.
 *
 * <p>A path is counted from its failure until a send of it lands, or until it is read again and nothing needs sending
 * (a newer send went meanwhile, whose own outcome decides). Thread-safe: the watcher and the document lane issue
 * sends, the Kafka producer's I/O thread reports their outcomes.
 */
public final class RepublishQueue {

    public static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    private enum State {
        /** Failed; waits for its round. */
        WAITING,
        /** Taken by a round, being read again. */
        RETRYING,
        /** A send is on its way: its outcome decides. */
        SENT
    }

    private final Clock clock;
    private final Map<String, State> pending = new ConcurrentHashMap<>();
    /** Guarded by this. */
    private long backoffMillis = FIRST_BACKOFF.toMillis();
    /** Guarded by this: when the next round may start; 0 when no round waits. */
    private long nextRoundAt;
    /** Guarded by this: a send failed and none landed since (the broker is unreachable, as far as we know). */
    private boolean failing;
    /** Guarded by this: sends failed, then one landed: the folder is worth comparing with the catalogue. */
    private boolean recovered;
    /** Guarded by this: a round started while sends fail; its first send goes, as a probe of the broker. */
    private boolean probe;

    public RepublishQueue(Clock clock) {
        this.clock = clock;
    }

    /**
     * The send of this path failed, and it was the path's newest.
     *
     * @return true for the first failure after sends worked: worth a warning, the following ones are not
     */
    public synchronized boolean failed(String path) {
        pending.put(path, State.WAITING);
        if (nextRoundAt == 0) {
            nextRoundAt = clock.millis() + backoffMillis;
            backoffMillis = Math.min(backoffMillis * 2, MAX_BACKOFF.toMillis()); // for the round after, if it fails
        }
        boolean first = !failing;
        failing = true;
        return first;
    }

    /** A send of this path landed: it waits no more, and sends work. */
    public synchronized void landed(String path) {
        pending.remove(path);
        backoffMillis = FIRST_BACKOFF.toMillis();
        if (failing) {
            failing = false;
            recovered = true;
            if (nextRoundAt != 0) {
                nextRoundAt = Math.min(nextRoundAt, clock.millis()); // the rest can go now
            }
        }
    }

    /** A send of this path is on its way (a retry, or a newer save): its outcome decides. */
    public void issued(String path) {
        pending.computeIfPresent(path, (p, state) -> State.SENT);
    }

    /**
     * Once a round is due, takes every waiting path and marks it as being read again; the caller works through them.
     * Whatever fails meanwhile waits for the next round, a backoff later (doubled each round until a send lands; the
     * round right after a send landed does not count).
     */
    public synchronized List<String> takeDue() {
        List<String> due = new ArrayList<>();
        if (nextRoundAt == 0 || clock.millis() < nextRoundAt) {
            return due;
        }
        for (Map.Entry<String, State> entry : pending.entrySet()) {
            if (entry.getValue() == State.WAITING) {
                entry.setValue(State.RETRYING);
                due.add(entry.getKey());
            }
        }
        nextRoundAt = 0; // the next failure schedules the next round
        probe = failing;
        return due;
    }

    /**
     * Whether a send had better not be tried now: sends failed and none landed since, and this is not the first send of
     * a round (the probe). Holding it back costs nothing; sending it would only fill the client's buffer, or block the
     * sender on the broker's metadata, to fail again. The caller then reports it {@link #failed}.
     */
    public synchronized boolean holdBack() {
        if (!failing) {
            return false;
        }
        if (probe) {
            probe = false;
            return false;
        }
        return true;
    }

    /**
     * Whether the path's retry failed already, before its send returned: the client could not even queue it (no
     * metadata from the broker within its blocking time). The rest of the round had better wait for the next one.
     */
    public boolean failedAgain(String path) {
        return pending.get(path) == State.WAITING;
    }

    /** Paths of a round cut short: they wait for the next round. */
    public synchronized void putBack(Collection<String> paths) {
        paths.forEach(path -> pending.replace(path, State.RETRYING, State.WAITING));
        if (nextRoundAt == 0 && !paths.isEmpty()) {
            nextRoundAt = clock.millis() + backoffMillis;
        }
    }

    /** The path was read again; if that sent nothing (nothing differs, or the file is no longer taken) it is done. */
    public void settle(String path) {
        pending.remove(path, State.RETRYING);
    }

    public boolean contains(String path) {
        return pending.containsKey(path);
    }

    /** Changes waiting to be published again: failed and not landed since. */
    public int size() {
        return pending.size();
    }

    /** How long the watcher may wait before a round is due; {@code idle} when none waits. */
    public synchronized long millisUntilDue(long idle) {
        return nextRoundAt == 0 ? idle : Math.max(0, Math.min(idle, nextRoundAt - clock.millis()));
    }

    /** True once after sends failed and then worked again: the caller compares the folder with the catalogue. */
    public synchronized boolean takeRecovery() {
        boolean was = recovered;
        recovered = false;
        return was;
    }
}
