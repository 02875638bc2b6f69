package kb.ingest;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.DiskSpace;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ingest producer: reconciles the folder against what was published (upserts for new and changed
 * files, tombstones for files gone or no longer matching the filter), then watches it and publishes each
 * change after a debounce. Its parts are built once by {@link ProducerWiring}; this is the watcher thread's loop
 * over them.
 */
public final class IngestProducer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IngestProducer.class);
    private static final long IDLE_WAIT_MILLIS = 500;

    private final ProducerWiring.Parts parts;
    private final CountDownLatch scanned = new CountDownLatch(1);
    private final Thread thread;

    /** A producer whose own disk-space record reports a missing folder. */
    public IngestProducer(ProducerConfig config, MeterRegistry registry, Clock clock) throws IOException {
        this(config, registry, clock, new DiskSpace(List.of(), 0));
    }

    /**
     * Creates the topics and the base folder, loads the catalogue and connects to the broker; {@link #start()} starts
     * the watcher thread.
     *
     * @param disk while it is full, changes are gathered but not published (the broker's log is on that disk); they
     *             are published once there is room again
     */
    public IngestProducer(ProducerConfig config, MeterRegistry registry, Clock clock, DiskSpace disk)
            throws IOException {
        this.parts = ProducerWiring.wire(config, registry, clock, disk);
        this.thread = Threads.worker("kb-ingest-watcher", this::run);
    }

    /** Starts the watcher thread: the initial scan, then the watch. */
    public void start() {
        thread.start();
    }

    /** True once the initial scan and reconciliation have been published, the documents found extracted included. */
    public boolean awaitInitialScan(long timeout, TimeUnit unit) throws InterruptedException {
        return scanned.await(timeout, unit);
    }

    /**
     * Whether the watcher thread still runs. It stops on an error it cannot handle (logged as "watcher
     * stopped"); the process would then stay up publishing nothing, so health must say so and let the
     * orchestrator restart it. False before {@link #start()} and after {@link #close()}.
     */
    public boolean isHealthy() {
        return parts.running().get() && thread.isAlive();
    }

    public Path baseDir() {
        return parts.config().collection().folder();
    }

    public String collection() {
        return parts.config().collection().name();
    }

    private void run() {
        try {
            while (parts.running().get() && parts.disk().full()) {
                parts.watch().poll(IDLE_WAIT_MILLIS); // the scan publishes every file: not onto a full disk
            }
            parts.scan().run(false);
            parts.reconciliation().compared();
            // The scan is published once its documents are too; the watcher goes on with text files meanwhile.
            parts.documents().afterQueued(() -> {
                scanned.countDown();
                keepStamps();
            });
            while (parts.running().get()) {
                watchOnce();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | IOException e) {
            LOG.error("watcher stopped", e);
        }
    }

    private void watchOnce() throws InterruptedException, IOException {
        FolderWatch watch = parts.watch();
        if (watch.missing()) {
            Thread.sleep(IDLE_WAIT_MILLIS); // no watch to wait on while no folder is at the path
            if (!followRoot()) {
                return;
            }
        }
        boolean full = parts.disk().full();
        long wait = full ? IDLE_WAIT_MILLIS : millisUntilWork();
        boolean rootDue = watch.rootDue();
        for (TreeWatcher.Change change : watch.poll(wait)) {
            if (change instanceof TreeWatcher.Change.PathChanged changed) {
                parts.debouncer().touch(changed.relativePath());
            } else if (change instanceof TreeWatcher.Change.BaseLost) {
                rootDue = true;
            } else {
                LOG.warn("watch events overflowed: rescanning");
                parts.scan().request();
            }
        }
        if (rootDue && !followRoot()) {
            return; // no folder at the path: nothing to read until one is there again
        }
        if (full) {
            return; // changes wait in the debouncer, a rescan in its request, until the disk has room
        }
        parts.scan().runIfRequested();
        parts.router().routeDue();
        if (parts.reconciliation().repair()) {
            keepStamps();
        }
    }

    /** The folder's confirmed reads kept for the next start ({@link StampLedger}). */
    private void keepStamps() {
        parts.ledger().save(parts.stamps().confirmedReads());
    }

    /**
     * Looks at the folder at the watched path: another one there now is rescanned, nothing known of the old one
     * holding.
     *
     * @return whether a folder is at the path
     */
    private boolean followRoot() throws IOException {
        FolderWatch.Followed followed = parts.watch().follow();
        if (followed == FolderWatch.Followed.MOVED) {
            parts.reconciliation().forgetFolder();
            parts.scan().request();
        }
        return followed != FolderWatch.Followed.MISSING;
    }

    /** How long the watcher may wait for events before a debounced path, a retry or a reconciliation is due. */
    private long millisUntilWork() {
        return Math.min(
                parts.debouncer().millisUntilNextDue(IDLE_WAIT_MILLIS),
                parts.reconciliation().millisUntilDue(IDLE_WAIT_MILLIS));
    }

    @Override
    public void close() throws IOException, InterruptedException {
        parts.running().set(false);
        thread.interrupt();
        thread.join(TimeUnit.SECONDS.toMillis(10));
        parts.watch().close();
        parts.documents().close();
        keepStamps();
        parts.publisher().close();
        parts.extractor().close();
    }
}
