package kb.ingest;

import java.util.Set;
import kb.ingest.publish.Catalogue;
import kb.ingest.publish.Lane;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a read of the folder becomes on the topics: a file version published, a dead letter, or a withdrawal; over the
 * publisher and the catalogue of what was published. The scans, the watcher and the document lane all publish
 * through it, so a rejection or a delete always forgets what the catalogue held of the path too.
 */
final class Publication {

    private static final Logger LOG = LoggerFactory.getLogger(Publication.class);

    private final EventPublisher publisher;
    private final Catalogue catalogue;
    private final PathFilter filter;

    Publication(EventPublisher publisher, Catalogue catalogue, PathFilter filter) {
        this.publisher = publisher;
        this.catalogue = catalogue;
        this.filter = filter;
    }

    String collection() {
        return catalogue.collection();
    }

    /** @return true when something new was published */
    boolean publish(String path, FileReadResult result, Lane lane) {
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

    /** @return true when a tombstone was published (the path was published before) */
    boolean withdraw(String path, Lane lane) {
        return publisher.publishDelete(path, lane);
    }

    /** A vanished path may have been a file or a whole folder: withdraw both readings. */
    void withdrawPathAndBelow(String path, Lane lane) {
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

    /** A file whose name is not UTF-8 cannot be named by a key or read back: a dead letter says so, once. */
    void reportUndecodableName(String escaped) {
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
    void withdrawLegacy() {
        Set<String> legacy = catalogue.legacyKeys();
        if (!legacy.isEmpty()) {
            legacy.forEach(publisher::publishLegacyDelete);
            LOG.info("withdrew {} records published before collections existed", legacy.size());
        }
    }

    /** Whether the index has this version of the file, or it was reported as bad: a document is not extracted again. */
    boolean known(String path, String sha256) {
        return catalogue.isCurrent(path, sha256) || catalogue.isReported(path, sha256);
    }

    /** Whether what the index has of the path is known good (see {@link Catalogue#settled}). */
    boolean settled(String path) {
        return catalogue.settled(path);
    }

    /** The paths published and not withdrawn. */
    Set<String> publishedPaths() {
        return catalogue.paths();
    }

    /** The paths reported as bad. */
    Set<String> rejectedPaths() {
        return catalogue.rejectedPaths();
    }

    void forgetRejection(String path) {
        catalogue.forgetRejection(path);
    }

    void flush() {
        publisher.flush();
    }
}
