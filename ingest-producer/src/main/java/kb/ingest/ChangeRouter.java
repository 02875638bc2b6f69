package kb.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import kb.core.Formats;
import kb.ingest.publish.Lane;
import kb.ingest.publish.LiveBudget;
import kb.ingest.watch.Debouncer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routing of a change: which lane it goes on (live for what a person just saved, in turn for a scan's files and a
 * burst's older ones; a document on the document lane), and whether it is published or withdrawn. Watcher thread only.
 */
final class ChangeRouter {

    private static final Logger LOG = LoggerFactory.getLogger(ChangeRouter.class);

    private final FolderWatch watch;
    private final PathFilter filter;
    private final FileEventReader reader;
    private final DocumentLane documents;
    private final Publication publication;
    private final FolderStamps stamps;
    private final Debouncer debouncer;

    ChangeRouter(
            FolderWatch watch,
            PathFilter filter,
            FileEventReader reader,
            DocumentLane documents,
            Publication publication,
            FolderStamps stamps,
            Debouncer debouncer) {
        this.watch = watch;
        this.filter = filter;
        this.reader = reader;
        this.documents = documents;
        this.publication = publication;
        this.stamps = stamps;
        this.debouncer = debouncer;
    }

    /**
     * Reads the paths quiet for their debounce time, newest first. Of a burst (more than {@link LiveBudget#BURST} due
     * or waiting) only the newest few go on the live lane: the live budget is kept for the save a person waits for.
     */
    void routeDue() throws IOException {
        List<String> due = debouncer.takeDue();
        boolean burst = due.size() + debouncer.pending() > LiveBudget.BURST;
        for (int i = 0; i < due.size(); i++) {
            handleChange(due.get(i), burst && i >= LiveBudget.NEWEST_OF_A_BURST ? Lane.SCAN : Lane.LIVE);
        }
    }

    /**
     * Handles the changed path, then every link that points at it or below it: no event comes for a link when its
     * target changes (see LinkTargets). A link to a link is followed too, each path once, so a
     * loop of links ends.
     */
    private void handleChange(String path, Lane lane) throws IOException {
        Set<String> done = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(path);
        while (!todo.isEmpty()) {
            String next = todo.poll();
            if (done.add(next)) {
                handlePath(next, lane);
                todo.addAll(watch.linksTo(next));
            }
        }
    }

    /** @param lane LIVE for what the watcher saw, SCAN for a change read again after its send failed */
    void handlePath(String path, Lane lane) throws IOException {
        watch.followLink(path);
        Path absolute = watch.baseDir().resolve(path);
        if (Files.isDirectory(absolute)) {
            if (!Files.isReadable(absolute) || !Files.isExecutable(absolute)) {
                // Its files can no longer be read or listed, like an unreadable file: withdrawn until it is
                // readable again, when the permission change's event lands in the branch below.
                LOG.warn("{} is not readable: its files are withdrawn until it is", path);
                publication.withdrawPathAndBelow(path, lane);
            } else if (filter.acceptsDirectory(path)) {
                for (String file : watch.registerTree(path)) {
                    if (found(file)) {
                        handleFile(file, lane);
                    }
                }
            }
        } else if (Files.exists(absolute)) {
            if (filter.acceptsFile(path) && watch.follows(path)) {
                handleFile(path, lane);
            }
        } else {
            publication.withdrawPathAndBelow(path, lane);
        }
    }

    /**
     * A file a walk of the folder found: its links followed (dangling and outside ones too: a target may come, or come
     * back, later).
     *
     * @return whether it is one of the folder's files, to be read
     */
    boolean found(String path) {
        if (!filter.acceptsFile(path)) {
            return false;
        }
        watch.followLink(path);
        return watch.follows(path);
    }

    /**
     * @param lane where the change came from; a document is extracted on its own lane, in turn, whatever it is
     * @return true when something new was published; a document is queued on its lane instead (false)
     */
    boolean handleFile(String path, Lane lane) {
        Optional<FolderStamps.Stamp> before = stamps.reading(path);
        if (Formats.isExtracted(PathFilter.extensionOf(path))) {
            documents.submit(path); // the document's lane confirms what it reads
            return false;
        }
        FileReadResult result = reader.read(path);
        if (result instanceof FileReadResult.Read read) {
            stamps.confirm(path, before, read.event().sha256());
        }
        return publication.publish(path, result, lane);
    }

    /**
     * Whether the file still has the stamp of a read whose content the catalogue holds, or reported as bad (this
     * run's, or the last run's, kept by {@link StampLedger}): a scan need not read it.
     */
    boolean confirmed(String path) {
        return stamps.confirmedCurrent(path, sha256 -> publication.known(path, sha256));
    }
}
