package kb.search.embed;

import java.time.Duration;
import java.util.function.Supplier;
import kb.core.runtime.Shutdown;

/**
 * Keeps the JVM from exiting while a thread runs inside ONNX Runtime.
 *
 * <p>At exit the JVM runs the native libraries' static destructors; ONNX Runtime's tear down its environment, and a
 * thread still embedding (a vector pass, a question, a model's session being created) then touches freed memory: the
 * JVM dies with SIGSEGV in {@code libonnxruntime.so} and exit code 134 instead of stopping. Shutdown hooks all end
 * before those destructors run, so the last step of kb's shutdown hook, after the pipeline's own stop, waits here:
 * first for the callers to go quiet (the stages stopped them), then it closes the door, so a late caller waits for
 * the exit outside native code, and waits for the calls still running to end.
 */
final class NativeCalls {

    /** How long the callers have no call running before the door closes: the pipeline stopping between two calls. */
    static final Duration QUIET = Duration.ofMillis(200);

    /** How long the pipeline's own shutdown may take to stop its callers before the door closes on them. */
    static final Duration STOPPING = Duration.ofSeconds(1);

    /** The longest a call (a model's session created, a batch embedded) may still take after the door closed. */
    static final Duration RUNNING = Duration.ofSeconds(30);

    private static final Object LOCK = new Object();
    private static int running;
    private static long started;
    private static boolean closed;

    static {
        try {
            Shutdown.atLast(NativeCalls::drain);
        } catch (IllegalStateException alreadyStopping) {
            closeNow(); // the JVM stops already: no call may start
        }
    }

    private NativeCalls() {}

    /** Runs a call into ONNX Runtime; once the JVM stops, a new call waits for the exit instead of starting. */
    static <T> T run(Supplier<T> call) {
        enter();
        try {
            return call.get();
        } finally {
            leave();
        }
    }

    private static void enter() {
        synchronized (LOCK) {
            boolean interrupted = false;
            while (closed) {
                try {
                    LOCK.wait();
                } catch (InterruptedException e) {
                    interrupted = true; // never into native code after the door closed, interrupted or not
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            running++;
            started++;
        }
    }

    private static void leave() {
        synchronized (LOCK) {
            running--;
            LOCK.notifyAll();
        }
    }

    /** The shutdown hook: quiet callers, then the door closed and the running calls waited out. */
    static void drain() {
        try {
            awaitQuiet(STOPPING);
            closeNow();
            awaitNoneRunning(RUNNING);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuiet(Duration budget) throws InterruptedException {
        long deadline = System.nanoTime() + budget.toNanos();
        synchronized (LOCK) {
            while (System.nanoTime() < deadline) {
                if (running > 0) {
                    LOCK.wait(remainingMillis(deadline));
                    continue;
                }
                long seen = started;
                LOCK.wait(QUIET.toMillis());
                if (running == 0 && started == seen) {
                    return;
                }
            }
        }
    }

    private static void awaitNoneRunning(Duration budget) throws InterruptedException {
        long deadline = System.nanoTime() + budget.toNanos();
        synchronized (LOCK) {
            while (running > 0 && System.nanoTime() < deadline) {
                LOCK.wait(remainingMillis(deadline));
            }
        }
    }

    private static void closeNow() {
        synchronized (LOCK) {
            closed = true;
        }
    }

    private static long remainingMillis(long deadline) {
        return Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
    }
}
