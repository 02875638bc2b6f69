package kb.infra;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import kb.core.runtime.Threads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two services started at the same time, the second on a thread of its own: the broker starts inside this JVM
 * while Elasticsearch's child JVM boots, so a start waits for the slower of the two instead of their sum. When
 * either fails, the other is stopped (its start interrupted, or what it started closed) before the failure is
 * thrown, so nothing outlives a failed start.
 */
final class StartedTogether {

    private static final Logger LOG = LoggerFactory.getLogger(StartedTogether.class);

    private StartedTogether() {}

    /** Starts one service; null when there is nothing to start (an external one). */
    @FunctionalInterface
    interface Starter<T extends AutoCloseable> {
        T start() throws IOException, InterruptedException;
    }

    /** Work that needs only the first service, run while the second still starts. */
    @FunctionalInterface
    interface Meanwhile<A> {
        void run(A first) throws Exception;
    }

    /** Both started services (either may be null: not started here). */
    record Both<A extends AutoCloseable, B extends AutoCloseable>(A first, B second) {}

    /**
     * @param firstName  what the first is called in the log
     * @param secondName what the second is called in the log and on its thread
     * @throws IOException the first failure (the other's, if any, suppressed in it)
     */
    static <A extends AutoCloseable, B extends AutoCloseable> Both<A, B> start(
            Starter<A> first, Starter<B> second, String firstName, String secondName)
            throws IOException, InterruptedException {
        return start(first, second, firstName, secondName, started -> {});
    }

    /**
     * {@link #start(Starter, Starter, String, String)}, running {@code meanwhile} on this thread once the first has
     * started and before waiting for the second. Its failure fails the start: the second is stopped, the first closed.
     */
    static <A extends AutoCloseable, B extends AutoCloseable> Both<A, B> start(
            Starter<A> first, Starter<B> second, String firstName, String secondName, Meanwhile<A> meanwhile)
            throws IOException, InterruptedException {
        CompletableFuture<B> secondResult = new CompletableFuture<>();
        Thread thread = Threads.daemon("kb-start-" + secondName, () -> {
            try {
                secondResult.complete(second.start());
            } catch (Exception | Error e) {
                secondResult.completeExceptionally(e);
            }
        });
        thread.start();
        A started;
        try {
            started = first.start();
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            LOG.error("{} did not start ({}); stopping {}", firstName, e.toString(), secondName);
            stop(thread, secondResult, e);
            throw e;
        }
        try {
            meanwhile.run(started);
        } catch (Exception | Error e) {
            LOG.error("the work beside {}'s start failed ({}); stopping {}", secondName, e.toString(), secondName);
            stop(thread, secondResult, e);
            close(started, e);
            throw rethrown(e);
        }
        try {
            return new Both<>(started, secondResult.get());
        } catch (ExecutionException e) {
            LOG.error(
                    "{} did not start ({}); stopping {}",
                    secondName,
                    e.getCause().toString(),
                    firstName);
            close(started, e.getCause());
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            stop(thread, secondResult, e);
            close(started, e);
            throw e;
        }
    }

    /** Interrupts the second's start, waits until it has given up, and closes it if it had started already. */
    private static <B extends AutoCloseable> void stop(Thread thread, CompletableFuture<B> result, Throwable failure) {
        thread.interrupt();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true; // keep waiting: returning now could leave its process running
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (!result.isCompletedExceptionally()) {
            close(result.join(), failure); // it had started before the interrupt reached it
        }
    }

    private static void close(AutoCloseable started, Throwable failure) {
        if (started == null) {
            return;
        }
        try {
            started.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    /** The second's failure as thrown by its start: an IOException is returned, the others thrown as they are. */
    private static IOException rethrown(Throwable cause) throws InterruptedException {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof InterruptedException interrupted) {
            throw interrupted;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IOException(cause);
    }
}
