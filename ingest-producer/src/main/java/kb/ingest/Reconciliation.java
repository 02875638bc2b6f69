package kb.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import kb.ingest.publish.Lane;
import kb.ingest.publish.RepublishQueue;
import kb.ingest.watch.Debouncer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The repair of what a failed send or a lost watch event left unpublished: the changes whose send failed read again
 * in rounds ({@link RepublishQueue}), and the folder compared with the catalogue by sizes and times
 * ({@link FolderStamps}) every period and once sends work again after failing. Watcher thread only.
 */
final class Reconciliation {

    /** Paths another part reads soon: those the watcher is about to read (debouncing) and those waiting to be sent. */
    record Claimed(Debouncer debouncer, RepublishQueue republish) {
        boolean claims(String path) {
            return debouncer.waiting(path) || republish.contains(path);
        }
    }

    /** When the folder is compared with the catalogue: every {@code period} by the clock. */
    record Schedule(Clock clock, Duration period) {}

    private static final Logger LOG = LoggerFactory.getLogger(Reconciliation.class);
    /** Paths read again per turn of the watcher: a round of thousands must not hold up the saves behind it. */
    private static final int REPUBLISH_PER_TURN = 256;

    private final FolderWatch watch;
    private final ChangeRouter router;
    private final Publication publication;
    private final FolderStamps stamps;
    private final Claimed claimed;
    private final Schedule schedule;
    private final MeterRegistry registry;
    /** A round of paths taken from the republish queue, read again a few hundred per turn. */
    private final Deque<String> republishing = new ArrayDeque<>();

    private long reconciledAt;

    Reconciliation(
            FolderWatch watch,
            ChangeRouter router,
            Publication publication,
            FolderStamps stamps,
            Claimed claimed,
            Schedule schedule,
            MeterRegistry registry) {
        this.watch = watch;
        this.router = router;
        this.publication = publication;
        this.stamps = stamps;
        this.claimed = claimed;
        this.schedule = schedule;
        this.registry = registry;
    }

    /** The folder was just compared whole (the start's scan): the next comparison is a period away. */
    void compared() {
        reconciledAt = schedule.clock().millis();
    }

    /** Another folder is at the watched path: nothing known of the old one's files holds. */
    void forgetFolder() {
        stamps.clear();
    }

    /**
     * Reads again what is due of the republish queue, then compares the folder if sends work again or it is time.
     *
     * @return whether the folder was compared
     */
    boolean repair() throws IOException {
        republishDue();
        if (claimed.republish().takeRecovery()) {
            LOG.info(
                    "sends to the broker work again: {} changes of '{}' wait to be published again; comparing the folder"
                            + " with what was published",
                    claimed.republish().size(),
                    publication.collection());
            reconcile();
            return true;
        } else if (schedule.clock().millis() - reconciledAt >= schedule.period().toMillis()) {
            reconcile();
            return true;
        }
        return false;
    }

    /** How long the watcher may wait for events before a retry or a comparison is due. */
    long millisUntilDue(long idleWaitMillis) {
        if (!republishing.isEmpty()) {
            return 1;
        }
        long reconcile = Math.max(
                1,
                reconciledAt + schedule.period().toMillis() - schedule.clock().millis());
        long retry = Math.max(1, claimed.republish().millisUntilDue(idleWaitMillis));
        return Math.min(retry, reconcile);
    }

    /**
     * Reads again, a few hundred per turn, the paths whose send failed, once their round is due: what the file holds now
     * is published (a file deleted meanwhile is withdrawn).
     */
    private void republishDue() throws IOException {
        RepublishQueue republish = claimed.republish();
        if (republishing.isEmpty()) {
            republishing.addAll(republish.takeDue());
        }
        for (int i = 0; i < REPUBLISH_PER_TURN && !republishing.isEmpty(); i++) {
            String path = republishing.poll();
            router.handlePath(path, Lane.SCAN);
            if (republish.failedAgain(path)) {
                // Blocked until the client gave up on the broker: each of the others would too, one after the other.
                republish.putBack(republishing);
                republishing.clear();
                return;
            }
            republish.settle(path);
        }
    }

    /**
     * Publishes whatever differs between the folder and the catalogue (new, changed, deleted files), which a lost watch
     * event or a change whose failure came back in no callback would otherwise leave unindexed until a restart. Cheap:
     * a file is read only when its size or modification time differ from when it was last read, or what was published
     * of it is not settled. Paths the watcher is about to read and those waiting to be published again are theirs.
     */
    private void reconcile() throws IOException {
        long started = schedule.clock().millis();
        Set<String> present = new HashSet<>();
        int published = 0;
        for (String path : watch.registerTree("")) {
            if (watch.holds(path)) {
                present.add(path);
                if (!claimed.claims(path)
                        && !(stamps.unchanged(path) && publication.settled(path))
                        && !router.confirmed(path)) {
                    published += router.handleFile(path, Lane.SCAN) ? 1 : 0;
                }
            }
        }
        int withdrawn = 0;
        for (String known : publication.publishedPaths()) {
            if (!present.contains(known) && !claimed.claims(known)) {
                withdrawn += publication.withdraw(known, Lane.SCAN) ? 1 : 0;
            }
        }
        stamps.retainAll(present);
        reconciledAt = schedule.clock().millis();
        registry.counter("kb_producer_reconciled_total", "op", "upsert").increment(published);
        registry.counter("kb_producer_reconciled_total", "op", "delete").increment(withdrawn);
        LOG.atLevel(published + withdrawn > 0 ? Level.INFO : Level.DEBUG)
                .log(
                        "reconciled {} files of '{}' in {} ms: {} published, {} withdrawn that had been missed",
                        present.size(),
                        publication.collection(),
                        reconciledAt - started,
                        published,
                        withdrawn);
    }
}
