package kb.ingest;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lane of documents that are extracted (PDF, Office, notebooks, ...): read, extracted and published one at a time
 * on a thread of their own, so the watcher goes on with text files meanwhile. A document takes seconds in the
 * extractor, a note milliseconds; in one line, a note saved after a batch of manuals waited a minute behind them.
 *
 * <p>A path queued twice before its turn is read once: the task reads the file as it is when its turn comes.
 * Thread-safe.
 */
final class DocumentLane implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DocumentLane.class);

    private final ExecutorService executor =
            Executors.newSingleThreadExecutor(Threads.workerFactory("kb-ingest-documents"));
    private final Set<String> waiting = ConcurrentHashMap.newKeySet();
    private final Consumer<String> handle;

    /** @param handle reads and publishes one document, on the lane's thread */
    DocumentLane(Consumer<String> handle) {
        this.handle = handle;
    }

    /** @return true when the path was queued, false when it waits already */
    boolean submit(String path) {
        if (!waiting.add(path)) {
            return false;
        }
        executor.execute(() -> {
            waiting.remove(path);
            try {
                handle.accept(path);
            } catch (RuntimeException e) {
                LOG.error("reading the document {} failed", path, e);
            }
        });
        return true;
    }

    /** Runs this on the lane once every document queued before it is done (the lane keeps its order). */
    void afterQueued(Runnable then) {
        executor.execute(then);
    }

    /** Documents queued and not started yet. */
    int pending() {
        return waiting.size();
    }

    @Override
    public void close() throws InterruptedException {
        executor.shutdownNow();
        if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
            LOG.warn("the document lane did not stop within 10 s");
        }
    }
}
