package kb.ingest;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kb.core.Formats;
import kb.core.runtime.DiskSpace;
import kb.core.runtime.Threads;
import kb.core.topics.TopicCreator;
import kb.ingest.extract.IsolatedExtractor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The ingest producer: reconciles the folder against what was published (upserts for new and changed
 * files, tombstones for files gone or no longer matching the filter), then watches it and publishes each
 * change after a debounce.
 */
public final class IngestProducer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IngestProducer.class);
    private static final long IDLE_WAIT_MILLIS = 500;
    /** How often the folder at the watched path is compared with the one watched; see {@link WatchedRoot}. */
    private static final long ROOT_CHECK_MILLIS = 1000;
    /** Paths read again per turn of the watcher: a round of thousands must not hold up the saves behind it. */
    private static final int REPUBLISH_PER_TURN = 256;

    private final ProducerConfig config;
    private final MeterRegistry registry;
    private final Clock clock;
    private final Path baseDir;
    private final PathFilter filter;
    private final FileEventReader reader;
    private final IsolatedExtractor extractor;
    private final DocumentLane documents = new DocumentLane(this::handleDocument);
    private final CountDownLatch scanned = new CountDownLatch(1);
    private volatile boolean running = true;
    private Catalogue catalogue;
    private EventPublisher publisher;
    private TreeWatcher watcher;
    private Debouncer debouncer;
    private volatile Thread thread;
    private BaseFolder base;
    private LinkTargets links;
    private final DiskSpace disk;
    /** A rescan asked for (watch events overflowed) while the disk was full: done once there is room. */
    private boolean rescanPending;

    private WatchedRoot root;
    private long rootCheckedAt;

    private final RepublishQueue republish;
    private final FolderStamps stamps;
    /** The watcher's: a round of paths taken from {@link #republish}, read again a few hundred per turn. */
    private final Deque<String> republishing = new ArrayDeque<>();

    private long reconciledAt;

    public IngestProducer(ProducerConfig config, MeterRegistry registry, Clock clock) {
        this(config, registry, clock, new DiskSpace(List.of(), 0)); // its own: it may report a missing folder
    }

    /**
     * @param disk while it is full, changes are gathered but not published (the broker's log is on that disk); they
     *             are published once there is room again
     */
    public IngestProducer(ProducerConfig config, MeterRegistry registry, Clock clock, DiskSpace disk) {
        this.disk = disk;
        this.config = config;
        this.registry = registry;
        this.clock = clock;
        this.baseDir = config.collection().folder();
        this.republish = new RepublishQueue(clock);
        this.stamps = new FolderStamps(baseDir);
        this.filter = new PathFilter(config.extensions(), config.excludes());
        this.extractor = new IsolatedExtractor(config.extraction());
        this.reader = new FileEventReader(
                config.collection(),
                config.maxFileBytes(),
                clock,
                new FileEventReader.Documents(extractor, config.extraction().maxDocumentBytes(), this::known));
    }

    /** Creates topics and the base folder, loads the catalogue and starts the watcher thread. */
    public void start() throws IOException {
        if (!Files.isDirectory(baseDir)) {
            Files.createDirectories(baseDir);
            LOG.info("created knowledge-base folder {}", baseDir);
        }
        String collection = config.collection().name();
        LOG.info("watching {} as collection '{}'", baseDir, collection);
        TopicCreator.ensureTopics(config.common());
        catalogue = Catalogue.load(
                config.common().bootstrapServers(), config.common().topics(), collection);
        if (catalogue.lostRecords() > 0) {
            LOG.warn(
                    "{} documents of collection '{}' are indexed but kb.file-events has no record of them"
                            + " (the broker's log lost records): the scan publishes or withdraws each again",
                    catalogue.lostRecords(),
                    collection);
        }
        publisher = new EventPublisher(
                config.common().topics(),
                catalogue,
                new GenerationClock(clock, catalogue.highestGeneration()),
                new LiveBudget(clock),
                registry,
                EventPublisher.Clients.connect(
                        config.common().bootstrapServers(),
                        config.common().topics(),
                        config.publishing().timeout()),
                republish);
        root = new WatchedRoot(baseDir);
        watchFolderAtPath();
        debouncer = new Debouncer(clock, config.debounce());
        Gauge.builder("kb_producer_watch_queue_depth", debouncer, Debouncer::pending)
                .tag("collection", collection)
                .register(registry);
        Gauge.builder("kb_producer_extraction_queue_depth", documents, DocumentLane::pending)
                .tag("collection", collection)
                .register(registry);
        Gauge.builder("kb_producer_republish_pending", republish, RepublishQueue::size)
                .tag("collection", collection)
                .description("changes whose send to the broker failed, waiting to be published again")
                .register(registry);
        thread = Threads.worker("kb-ingest-watcher", this::run);
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
        Thread watching = thread;
        return running && watching != null && watching.isAlive();
    }

    public Path baseDir() {
        return baseDir;
    }

    public String collection() {
        return config.collection().name();
    }

    private void run() {
        try {
            while (running && disk.full()) {
                watcher.poll(IDLE_WAIT_MILLIS); // the scan publishes every file: not onto a full disk
            }
            reconcile(false);
            reconciledAt = clock.millis();
            // The scan is published once its documents are too; the watcher goes on with text files meanwhile.
            documents.afterQueued(scanned::countDown);
            while (running) {
                watchOnce();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | IOException e) {
            LOG.error("watcher stopped", e);
        }
    }

    /**
     * Registers the whole tree, publishes what changed and withdraws what disappeared.
     *
     * @param lostEvents the watcher lost events: what changed lately is read first, as its own changes
     *                   ({@link RescanOrder})
     */
    private void reconcile(boolean lostEvents) throws IOException {
        withdrawLegacy();
        List<String> files = watcher.registerTree("");
        RescanOrder order = lostEvents
                ? RescanOrder.afterLostEvents(
                        files, path -> stamps.look(path).map(FolderStamps.Stamp::modified), clock.millis())
                : RescanOrder.inTurn(files);
        Set<String> present = new HashSet<>();
        int published = 0;
        for (int i = 0; i < order.live().size(); i++) {
            published += scanFile(order.live().get(i), RescanOrder.liveLane(i), present) ? 1 : 0;
        }
        for (String path : order.scan()) {
            published += scanFile(path, Lane.SCAN, present) ? 1 : 0;
        }
        int withdrawn = 0;
        for (String known : catalogue.paths()) {
            if (!present.contains(known)) {
                withdrawn += publisher.publishDelete(known, Lane.SCAN) ? 1 : 0;
            }
        }
        for (String rejected : catalogue.rejectedPaths()) {
            if (!present.contains(rejected)) {
                catalogue.forgetRejection(rejected);
            }
        }
        publisher.flush();
        registry.counter("kb_producer_files_scanned_total").increment(present.size());
        LOG.info(
                "scan of {} (collection '{}') found {} files: {} published, {} withdrawn, {} documents queued for"
                        + " extraction",
                baseDir,
                collection(),
                present.size(),
                published,
                withdrawn,
                documents.pending());
    }

    /** One file a scan found: its links followed and, when it is the folder's, read (and published when new). */
    private boolean scanFile(String path, Lane lane, Set<String> present) {
        if (filter.acceptsFile(path)) {
            links.update(path); // dangling and outside links too: a target may come (back) later
        }
        if (filter.acceptsFile(path) && insideBase(path)) {
            present.add(path);
            return handleFile(path, lane);
        }
        return false;
    }

    /** A file whose name is not UTF-8 cannot be named by a key or read back: a dead letter says so, once. */
    private void reportUndecodableName(String escaped) {
        if (filter.acceptsFile(escaped)) {
            publisher.publishRejected(
                    new FileReadResult.Rejected(
                            escaped,
                            "name_not_utf8",
                            "UndecodableFileName",
                            "the file name is not valid UTF-8 (its bytes escaped: " + escaped
                                    + "); rename it to index it",
                            "name_not_utf8"),
                    Lane.SCAN);
        }
    }

    /**
     * Records keyed by the bare path date from before collections: every file they describe is published again
     * under its collection's key, so they are all stale. Whichever producer starts first withdraws them (a
     * second one's tombstone of the same key changes nothing).
     */
    private void withdrawLegacy() {
        Set<String> legacy = catalogue.legacyKeys();
        if (!legacy.isEmpty()) {
            legacy.forEach(publisher::publishLegacyDelete);
            LOG.info("withdrew {} records published before collections existed", legacy.size());
        }
    }

    private void watchOnce() throws InterruptedException, IOException {
        if (root.missing()) {
            Thread.sleep(IDLE_WAIT_MILLIS); // no watch to wait on while no folder is at the path
            if (!followRoot()) {
                return;
            }
        }
        boolean full = disk.full();
        long wait = full ? IDLE_WAIT_MILLIS : millisUntilWork();
        boolean rootDue = clock.millis() - rootCheckedAt >= ROOT_CHECK_MILLIS;
        for (TreeWatcher.Change change : watcher.poll(wait)) {
            if (change instanceof TreeWatcher.Change.PathChanged changed) {
                debouncer.touch(changed.relativePath());
            } else if (change instanceof TreeWatcher.Change.BaseLost) {
                rootDue = true;
            } else {
                LOG.warn("watch events overflowed: rescanning");
                rescanPending = true;
            }
        }
        if (rootDue && !followRoot()) {
            return; // no folder at the path: nothing to read until one is there again
        }
        if (full) {
            return; // changes wait in the debouncer, a rescan in its flag, until the disk has room
        }
        if (rescanPending) {
            rescanPending = false;
            reconcile(true);
        }
        List<String> due = debouncer.takeDue();
        boolean burst = due.size() + debouncer.pending() > LiveBudget.BURST;
        for (int i = 0; i < due.size(); i++) {
            handleChange(due.get(i), burst && i >= LiveBudget.NEWEST_OF_A_BURST ? Lane.SCAN : Lane.LIVE);
        }
        republishDue();
        if (republish.takeRecovery()) {
            LOG.info(
                    "sends to the broker work again: {} changes of '{}' wait to be published again; comparing the folder"
                            + " with what was published",
                    republish.size(),
                    collection());
            reconcileChanges();
        } else if (clock.millis() - reconciledAt >= reconcilePeriodMillis()) {
            reconcileChanges();
        }
    }

    /** How long the watcher may wait for events before a debounced path, a retry or a reconciliation is due. */
    private long millisUntilWork() {
        if (!republishing.isEmpty()) {
            return 1;
        }
        long reconcile = Math.max(1, reconciledAt + reconcilePeriodMillis() - clock.millis());
        long retry = Math.max(1, republish.millisUntilDue(IDLE_WAIT_MILLIS));
        return Math.min(debouncer.millisUntilNextDue(IDLE_WAIT_MILLIS), Math.min(retry, reconcile));
    }

    private long reconcilePeriodMillis() {
        return config.publishing().reconcilePeriod().toMillis();
    }

    /**
     * Reads again, a few hundred per turn, the paths whose send failed, once their round is due: what the file holds now
     * is published (a file deleted meanwhile is withdrawn).
     */
    private void republishDue() throws IOException {
        if (republishing.isEmpty()) {
            republishing.addAll(republish.takeDue());
        }
        for (int i = 0; i < REPUBLISH_PER_TURN && !republishing.isEmpty(); i++) {
            String path = republishing.poll();
            handlePath(path, Lane.SCAN);
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
     * The periodic reconciliation, also run once sends work again after failing: publishes whatever differs between
     * the folder and the catalogue (new, changed, deleted files), which a lost watch event or a change whose failure
     * came back in no callback would otherwise leave unindexed until a restart. Cheap: a file is read only when its
     * size or modification time differ from when it was last read, or what was published of it is not settled. Paths
     * the watcher is about to read (debouncing) and those waiting to be published again are theirs, not this pass's.
     */
    private void reconcileChanges() throws IOException {
        long started = clock.millis();
        Set<String> present = new HashSet<>();
        int published = 0;
        for (String path : watcher.registerTree("")) {
            if (filter.acceptsFile(path) && base.containsRelative(path)) {
                present.add(path);
                if (!debouncer.waiting(path)
                        && !republish.contains(path)
                        && !(stamps.unchanged(path) && catalogue.settled(path))) {
                    published += handleFile(path, Lane.SCAN) ? 1 : 0;
                }
            }
        }
        int withdrawn = 0;
        for (String known : catalogue.paths()) {
            if (!present.contains(known) && !debouncer.waiting(known) && !republish.contains(known)) {
                withdrawn += publisher.publishDelete(known, Lane.SCAN) ? 1 : 0;
            }
        }
        stamps.retainAll(present);
        reconciledAt = clock.millis();
        registry.counter("kb_producer_reconciled_total", "op", "upsert").increment(published);
        registry.counter("kb_producer_reconciled_total", "op", "delete").increment(withdrawn);
        LOG.atLevel(published + withdrawn > 0 ? Level.INFO : Level.DEBUG)
                .log(
                        "reconciled {} files of '{}' in {} ms: {} published, {} withdrawn that had been missed",
                        present.size(),
                        collection(),
                        reconciledAt - started,
                        published,
                        withdrawn);
    }

    /**
     * Compares the folder at the watched path with the one watched. Gone: {@code /health} says so and the index keeps
     * what it has (an unmounted disk must not empty it), until a folder is there again. Replaced, or back: the watches
     * move to the folder at the path and a rescan makes the index what is there now.
     *
     * @return whether a folder is at the path
     */
    private boolean followRoot() throws IOException {
        rootCheckedAt = clock.millis();
        WatchedRoot.Seen seen = root.look();
        if (seen == WatchedRoot.Seen.GONE) {
            String problem = "watched folder missing: " + baseDir;
            LOG.warn(
                    "{} (moved, deleted or unmounted): collection '{}' stays as indexed until a folder is there again",
                    problem,
                    collection());
            disk.problem(problemSource(), problem);
            watcher.close();
        } else if (seen == WatchedRoot.Seen.REPLACED) {
            LOG.warn(
                    "watched folder {} is another folder now (moved away and created again, or remounted): following"
                            + " the folder at the path, rescanning",
                    baseDir);
            watcher.close();
            stamps.clear();
            try {
                watchFolderAtPath();
                disk.problem(problemSource(), null);
                rescanPending = true;
            } catch (IOException e) {
                // Gone again before it could be watched: the next look finds it missing, or back.
                LOG.warn("cannot watch {} yet: {}", baseDir, e.toString());
                disk.problem(problemSource(), "watched folder missing: " + baseDir);
                root.forget();
            }
        }
        return !root.missing();
    }

    private void watchFolderAtPath() throws IOException {
        base = new BaseFolder(baseDir);
        links = new LinkTargets(baseDir);
        watcher = new TreeWatcher(base, filter, this::reportUndecodableName, folder -> links.update(folder));
    }

    private String problemSource() {
        return "watched folder " + baseDir;
    }

    /**
     * Handles the changed path, then every link that points at it or below it: no event comes for a link when its
     * target changes (see {@link LinkTargets}). A link to a link is followed too, each path once, so a loop of links
     * ends.
     */
    private void handleChange(String path, Lane lane) throws IOException {
        Set<String> done = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(path);
        while (!todo.isEmpty()) {
            String next = todo.poll();
            if (done.add(next)) {
                handlePath(next, lane);
                todo.addAll(links.pointingAt(next));
            }
        }
    }

    /** @param lane LIVE for what the watcher saw, SCAN for a change read again after its send failed */
    private void handlePath(String path, Lane lane) throws IOException {
        links.update(path);
        Path absolute = baseDir.resolve(path);
        if (Files.isDirectory(absolute)) {
            if (!Files.isReadable(absolute) || !Files.isExecutable(absolute)) {
                // Its files can no longer be read or listed, like an unreadable file: withdrawn until it is
                // readable again, when the permission change's event lands in the branch below.
                LOG.warn("{} is not readable: its files are withdrawn until it is", path);
                withdrawPathAndBelow(path, lane);
            } else if (filter.acceptsDirectory(path)) {
                for (String file : watcher.registerTree(path)) {
                    if (filter.acceptsFile(file)) {
                        links.update(file);
                    }
                    if (filter.acceptsFile(file) && insideBase(file)) {
                        handleFile(file, lane);
                    }
                }
            }
        } else if (Files.exists(absolute)) {
            if (filter.acceptsFile(path) && insideBase(path)) {
                handleFile(path, lane);
            }
        } else {
            withdrawPathAndBelow(path, lane);
        }
    }

    /** A vanished path may have been a file or a whole folder: withdraw both readings. */
    private void withdrawPathAndBelow(String path, Lane lane) {
        publisher.publishDelete(path, lane);
        catalogue.forgetRejection(path);
        String prefix = path + "/";
        for (String known : catalogue.paths()) {
            if (known.startsWith(prefix)) {
                publisher.publishDelete(known, lane);
            }
        }
        for (String rejected : catalogue.rejectedPaths()) {
            if (rejected.startsWith(prefix)) {
                catalogue.forgetRejection(rejected);
            }
        }
    }

    /**
     * @param lane where the change came from; a document is extracted on its own lane, in turn, whatever it is
     * @return true when something new was published; a document is queued on its lane instead (false)
     */
    private boolean handleFile(String path, Lane lane) {
        stamps.reading(path);
        if (Formats.isExtracted(PathFilter.extensionOf(path))) {
            documents.submit(path);
            return false;
        }
        return publish(path, reader.read(path), lane);
    }

    /**
     * On the document lane: waits out a full disk, extracts and publishes. A document deleted while it was extracted
     * is withdrawn rather than published, since its delete may have been published meanwhile.
     */
    private void handleDocument(String path) {
        try {
            while (running && disk.full()) {
                Thread.sleep(IDLE_WAIT_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        FileReadResult result = reader.read(path);
        if (!running) {
            return; // stopping: an extraction cut short is no verdict on the document
        }
        if (result instanceof FileReadResult.Read && !Files.exists(baseDir.resolve(path))) {
            result = new FileReadResult.Gone(path);
        }
        publish(path, result, Lane.SCAN);
    }

    private boolean publish(String path, FileReadResult result, Lane lane) {
        if (result instanceof FileReadResult.Read read) {
            return publisher.publishUpsert(read.event(), lane);
        } else if (result instanceof FileReadResult.Rejected rejected) {
            publisher.publishRejected(rejected, lane);
        } else if (result instanceof FileReadResult.Unchanged) {
            return false;
        } else {
            publisher.publishDelete(path, lane);
            catalogue.forgetRejection(path);
        }
        return false;
    }

    /** Whether the index has this version of the file, or it was reported as bad: a document is not extracted again. */
    private boolean known(String path, String sha256) {
        Catalogue known = catalogue;
        return known != null && (known.isCurrent(path, sha256) || known.isReported(path, sha256));
    }

    /** Symlinks (of the file or of any folder above it) that lead out of the knowledge base are not followed. */
    private boolean insideBase(String path) {
        if (base.containsRelative(path)) {
            return true;
        }
        if (Files.exists(baseDir.resolve(path))) {
            LOG.info("not following {}: it leads out of the knowledge base", path);
        } else {
            LOG.info("not following {}: it is a link to nothing", path);
        }
        return false;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        if (watcher != null) {
            watcher.close();
        }
        documents.close();
        if (publisher != null) {
            publisher.close();
        }
        extractor.close();
    }
}
