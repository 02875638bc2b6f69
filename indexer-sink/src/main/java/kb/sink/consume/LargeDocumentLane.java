package kb.sink.consume;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.Threads;
import kb.sink.consume.ChunkRecords.Decoded;
import kb.sink.write.RetryingWriter;
import kb.sink.write.StateFence;
import kb.sink.write.Visibility;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes documents of many chunks (a 1.5 MB single-line file makes ~1,250) on one thread of their own, so the
 * main loop keeps polling and writing the small edits behind them: written in line, such a document's bulk held
 * the next small file back 11-22 s (issue 12, 8b).
 *
 * <p>Why this stays correct and simple:
 * <ul>
 *   <li>Order between lanes does not matter for the index: every write is fenced by the document's generation
 *       ({@link StateFence} claims, external versions), so a newer version or tombstone of the same document
 *       written by the main loop meanwhile wins, whichever lane finishes last.</li>
 *   <li>Nothing is lost: a handed-over record is pending in {@link CommitOffsets}, and the main loop commits its
 *       partition only up to it until it is written; a crash or a stop redelivers it.</li>
 *   <li>One thread, at most {@value #CAPACITY} documents handed over and not written: a backlog of large files
 *       makes the main loop wait (as before) instead of holding them all in memory.</li>
 *   <li>Retries and dead-lettering are the main loop's policy ({@link RetryingWriter}), with a backoff of its own.</li>
 * </ul>
 */
public final class LargeDocumentLane implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LargeDocumentLane.class);
    private static final int CAPACITY = 4;
    /** The thread that writes large documents beside the main loop. */
    public static final String THREAD = "kb-indexer-sink-large";

    private final RetryingWriter writer;
    private final CommitOffsets offsets;
    private final Semaphore room = new Semaphore(CAPACITY);
    private final ExecutorService thread = Executors.newSingleThreadExecutor(Threads.workerFactory(THREAD));
    private volatile boolean failed;

    public LargeDocumentLane(RetryingWriter writer, CommitOffsets offsets) {
        this.writer = writer;
        this.offsets = offsets;
    }

    /** Hands a record over (waiting while the lane is full); its partition commits stop before it until written. */
    public void submit(Decoded large, Visibility visibility) throws InterruptedException {
        room.acquire();
        offsets.pending(large.partition(), large.record().offset());
        thread.execute(() -> {
            try {
                if (writer.write(List.of(large.change()), visibility, RetryingWriter.WhileRetrying.NONE)) {
                    offsets.written(large.partition(), large.record().offset());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failed = true;
                LOG.error(
                        "large document {} not written; its offset stays uncommitted",
                        large.change().docId(),
                        e);
            } finally {
                room.release();
            }
        });
    }

    /** Waits until every document handed over is written (or the lane stopped). */
    public void awaitIdle() throws InterruptedException {
        room.acquire(CAPACITY);
        room.release(CAPACITY);
    }

    public boolean healthy() {
        return !failed && writer.healthy();
    }

    /** Ends a retry wait at once; a write in progress finishes or is abandoned by {@link #close()}. */
    public void stop() {
        writer.stop();
    }

    /** Waits a while for a write in progress, then abandons it: its record is not committed, so it is redelivered. */
    @Override
    public void close() throws InterruptedException {
        stop();
        thread.shutdown();
        if (!thread.awaitTermination(10, TimeUnit.SECONDS)) {
            thread.shutdownNow();
            LOG.warn("abandoned a large document in progress; it is redelivered at the next start");
        }
    }
}
