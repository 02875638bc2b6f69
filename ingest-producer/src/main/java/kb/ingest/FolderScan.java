package kb.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kb.ingest.publish.Lane;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole folder against what was published: every file registered and read (published when new or changed), every
 * path gone withdrawn. Run at start, and again when the watcher lost events or another folder is at the watched path.
 * Watcher thread only.
 */
final class FolderScan {

    private static final Logger LOG = LoggerFactory.getLogger(FolderScan.class);

    private final FolderWatch watch;
    private final ChangeRouter router;
    private final Publication publication;
    private final FolderStamps stamps;
    private final DocumentLane documents;
    private final MeterRegistry registry;
    private final Clock clock;
    /** A rescan asked for (watch events overflowed, the folder replaced) and not run yet: the disk may be full. */
    private boolean requested;

    FolderScan(
            FolderWatch watch,
            ChangeRouter router,
            Publication publication,
            FolderStamps stamps,
            DocumentLane documents,
            MeterRegistry registry,
            Clock clock) {
        this.watch = watch;
        this.router = router;
        this.publication = publication;
        this.stamps = stamps;
        this.documents = documents;
        this.registry = registry;
        this.clock = clock;
    }

    /** Asks for a rescan after lost watch events, run by {@link #runIfRequested()} once the disk has room. */
    void request() {
        requested = true;
    }

    void runIfRequested() throws IOException {
        if (requested) {
            requested = false;
            run(true);
        }
    }

    /**
     * Registers the whole tree, publishes what changed and withdraws what disappeared.
     *
     * @param lostEvents the watcher lost events: what changed lately is read first, as its own changes
     *                   ({@link RescanOrder})
     */
    void run(boolean lostEvents) throws IOException {
        publication.withdrawLegacy();
        long started = clock.millis();
        List<String> files = watch.registerTree("");
        long walked = clock.millis() - started;
        RescanOrder order = lostEvents
                ? RescanOrder.afterLostEvents(
                        files, path -> stamps.look(path).map(FolderStamps.Stamp::modified), clock.millis())
                : RescanOrder.inTurn(files);
        Set<String> present = new HashSet<>();
        Tally tally = new Tally();
        for (int i = 0; i < order.live().size(); i++) {
            scanFile(order.live().get(i), RescanOrder.liveLane(i), present, tally);
        }
        for (String path : order.scan()) {
            scanFile(path, Lane.SCAN, present, tally);
        }
        int published = tally.published;
        int withdrawn = 0;
        for (String known : publication.publishedPaths()) {
            if (!present.contains(known)) {
                withdrawn += publication.withdraw(known, Lane.SCAN) ? 1 : 0;
            }
        }
        for (String rejected : publication.rejectedPaths()) {
            if (!present.contains(rejected)) {
                publication.forgetRejection(rejected);
            }
        }
        publication.flush();
        registry.counter("kb_producer_files_scanned_total").increment(present.size());
        registry.counter("kb_producer_files_confirmed_total").increment(tally.confirmed);
        LOG.info(
                "scan of {} (collection '{}') found {} files in {} ms, watched in {} ms ({} unchanged since their last"
                        + " read, not read again): {} published, {} withdrawn, {} documents queued for extraction",
                watch.baseDir(),
                publication.collection(),
                present.size(),
                clock.millis() - started,
                walked,
                tally.confirmed,
                published,
                withdrawn,
                documents.pending());
    }

    /** What one scan did with the files it found. */
    private static final class Tally {
        int published;
        int confirmed;
    }

    /**
     * One file the scan found: its links followed and, when it is the folder's, read (and published when new) unless
     * its stamp and content are confirmed ({@link ChangeRouter#confirmed}).
     */
    private void scanFile(String path, Lane lane, Set<String> present, Tally tally) {
        if (router.found(path)) {
            present.add(path);
            if (router.confirmed(path)) {
                tally.confirmed++;
            } else if (router.handleFile(path, lane)) {
                tally.published++;
            }
        }
    }
}
