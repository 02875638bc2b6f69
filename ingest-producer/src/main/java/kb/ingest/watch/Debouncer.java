package kb.ingest.watch;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns an editor's burst of writes into one event per path: a path is due once it has been quiet for the
 * debounce time. Used from the watcher thread only.
 */
public final class Debouncer {

    private final Clock clock;
    private final long quietMillis;
    private final Map<String, Long> dueAt = new LinkedHashMap<>();

    public Debouncer(Clock clock, Duration quiet) {
        this.clock = clock;
        this.quietMillis = quiet.toMillis();
    }

    public void touch(String path) {
        dueAt.put(path, clock.millis() + quietMillis);
    }

    /** The paths quiet for the debounce time, the one touched last first: the newest change is the likeliest awaited. */
    public List<String> takeDue() {
        long now = clock.millis();
        List<Map.Entry<String, Long>> due = new ArrayList<>();
        for (Iterator<Map.Entry<String, Long>> it = dueAt.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Long> entry = it.next();
            if (entry.getValue() <= now) {
                due.add(Map.entry(entry.getKey(), entry.getValue()));
                it.remove();
            }
        }
        due.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        return due.stream().map(Map.Entry::getKey).toList();
    }

    /** How long the watcher may block before something becomes due; a long wait when nothing is pending. */
    public long millisUntilNextDue(long idleWaitMillis) {
        long now = clock.millis();
        return dueAt.values().stream()
                .mapToLong(t -> Math.max(1, t - now))
                .min()
                .orElse(idleWaitMillis);
    }

    /** Whether the path changed and waits for its quiet time: the watcher reads it then. */
    public boolean waiting(String path) {
        return dueAt.containsKey(path);
    }

    public int pending() {
        return dueAt.size();
    }
}
