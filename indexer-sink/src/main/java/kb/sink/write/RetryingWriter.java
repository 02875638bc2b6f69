package kb.sink.write;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.transport.TransportException;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import kb.core.runtime.DiskSpace;
import kb.sink.versions.IndexVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The retry policy around the {@link DocumentWriter}: what Elasticsearch cannot take yet (down, 429, 5xx) is
 * retried with capped exponential backoff and jitter, nothing skipped; a batch that fails in a way retrying
 * cannot fix is written document by document, and a document that still fails goes to kb.dlq. One per write
 * lane (its backoff is that lane's); {@link #stop()} from any thread ends a wait at once.
 */
public final class RetryingWriter {

    private static final Logger LOG = LoggerFactory.getLogger(RetryingWriter.class);

    /** What the lane does around a retry's wait (the main lane pauses its partitions and keeps its membership). */
    public interface WhileRetrying {
        WhileRetrying NONE = new WhileRetrying() {};

        default void failed() {}

        default void waited() {}
    }

    private final DocumentWriter writer;
    private final Supplier<IndexVersion> target;
    private final DeadLetterPublisher deadLetters;
    private final SinkMetrics metrics;
    private final Consumer<DocumentWriter.BatchResult> written;
    private final Backoff backoff;
    private final DiskSpace disk;
    private volatile boolean running = true;
    private volatile boolean healthy = true;

    /**
     * @param target  the version to write into, read at each attempt (a reindex may have moved it)
     * @param written told after each confirmed write with the result (vectors to fill, progress)
     * @param disk    while it is full, writes wait as they do for an Elasticsearch that cannot take them
     */
    public RetryingWriter(
            DocumentWriter writer,
            Supplier<IndexVersion> target,
            DeadLetterPublisher deadLetters,
            SinkMetrics metrics,
            Duration maxBackoff,
            Consumer<DocumentWriter.BatchResult> written,
            DiskSpace disk) {
        this.disk = disk;
        this.writer = writer;
        this.target = target;
        this.deadLetters = deadLetters;
        this.metrics = metrics;
        this.written = written;
        this.backoff = new Backoff(Duration.ofMillis(200), maxBackoff);
    }

    /** False while the last attempt failed and the writer has not been confirmed since. */
    public boolean healthy() {
        return healthy;
    }

    /**
     * Writes the changes until Elasticsearch confirmed each (or dead-lettered it).
     *
     * @return false when the writer stopped before Elasticsearch confirmed
     */
    public boolean write(Collection<Change> changes, Visibility visibility, WhileRetrying whileRetrying)
            throws InterruptedException {
        boolean done;
        try {
            done = changes.isEmpty() || writeUntilConfirmed(changes, visibility, whileRetrying);
        } catch (NonRetriableWrite e) {
            done = writeOneByOne(changes, e, visibility, whileRetrying);
        }
        if (done) {
            healthy = true;
        }
        return done;
    }

    /**
     * @return false when the writer stopped before Elasticsearch confirmed
     * @throws NonRetriableWrite when retrying cannot help
     */
    private boolean writeUntilConfirmed(Collection<Change> changes, Visibility visibility, WhileRetrying whileRetrying)
            throws InterruptedException {
        backoff.reset();
        while (running) {
            try {
                if (disk.full()) {
                    throw new RetriableWriteException(disk.reason());
                }
                IndexVersion into = target.get();
                DocumentWriter.BatchResult result =
                        metrics.batchLatency().recordCallable(() -> writer.write(changes, into, visibility));
                result.rejected().forEach(deadLetters::rejected);
                metrics.written(result, changes);
                written.accept(result);
                return true;
            } catch (Exception e) {
                if (!isRetriable(e)) {
                    throw new NonRetriableWrite(e);
                }
                healthy = false;
                whileRetrying.failed();
                metrics.retried();
                long delay = backoff.nextDelayMillis();
                LOG.warn("Elasticsearch not writable ({}); retrying in {} ms", e.getMessage(), delay);
                if (!backoff.await(delay)) {
                    return false;
                }
                whileRetrying.waited();
            }
        }
        return false;
    }

    /**
     * A batch failed in a way retrying cannot fix: one of its documents may be the cause. Each is written on
     * its own, and one that still fails goes to kb.dlq with the reason, so it never blocks the others.
     */
    private boolean writeOneByOne(
            Collection<Change> changes,
            NonRetriableWrite batchError,
            Visibility visibility,
            WhileRetrying whileRetrying)
            throws InterruptedException {
        LOG.warn(
                "a batch of {} documents failed ({}); writing them one by one",
                changes.size(),
                batchError.getCause().toString());
        for (Change change : changes) {
            try {
                if (!writeUntilConfirmed(List.of(change), visibility, whileRetrying)) {
                    return false;
                }
            } catch (NonRetriableWrite e) {
                deadLetters.unwritable(change, e.getCause());
            }
        }
        return true;
    }

    /** A write error retrying cannot fix, carrying the original as its cause. */
    private static final class NonRetriableWrite extends RuntimeException {
        NonRetriableWrite(Exception cause) {
            super(cause);
        }
    }

    public static boolean isRetriable(Exception e) {
        return e instanceof RetriableWriteException
                || e instanceof IOException
                || e instanceof TransportException
                || (e instanceof ElasticsearchException ee && (ee.status() == 429 || ee.status() >= 500));
    }

    public void stop() {
        running = false;
        backoff.stop();
    }
}
