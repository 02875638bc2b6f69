package kb.core.runtime;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process's one shutdown hook: what a main or a tool starts is registered here and closed on SIGTERM / Ctrl-C,
 * the last registered first (as try-with-resources would), each registration's resources in the given order. One
 * hook, so the order between them is ours, not the JVM's (it runs separate hooks concurrently).
 */
public final class Shutdown {

    private static final Logger LOG = LoggerFactory.getLogger(Shutdown.class);
    private static final Deque<Registration> REGISTERED = new ConcurrentLinkedDeque<>();
    private static final Deque<Runnable> LAST = new ConcurrentLinkedDeque<>();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();

    private Shutdown() {}

    /** Resources closed at exit unless {@link Registration#cancel() cancelled} (closed by their owner first). */
    public static final class Registration {

        private final String name;
        private final List<AutoCloseable> resources;

        private Registration(String name, List<AutoCloseable> resources) {
            this.name = name;
            this.resources = resources;
        }

        /** Their owner closed them: nothing to do at exit. Safe to call from the shutdown itself. */
        public void cancel() {
            REGISTERED.remove(this);
        }

        private void close() {
            for (AutoCloseable resource : resources) {
                try {
                    resource.close();
                } catch (Exception e) {
                    LOG.warn(
                            "{}: error while stopping {}",
                            name,
                            resource.getClass().getSimpleName(),
                            e);
                }
            }
        }
    }

    /** Closes the resources, in the given order, when the JVM is asked to stop. */
    public static Registration onExit(String name, AutoCloseable... resources) {
        hook();
        Registration registration = new Registration(name, List.of(resources));
        REGISTERED.push(registration);
        return registration;
    }

    /**
     * Runs {@code action} when the JVM stops, after every registration is closed: what must outlive the pipeline's
     * own stop (native code that must not be running when the process exits).
     *
     * @throws IllegalStateException when the JVM is stopping already
     */
    public static void atLast(Runnable action) {
        hook();
        LAST.add(action);
    }

    private static void hook() {
        if (HOOKED.compareAndSet(false, true)) {
            try {
                Runtime.getRuntime().addShutdownHook(Threads.worker("kb-shutdown", Shutdown::closeAll));
            } catch (IllegalStateException stopping) {
                HOOKED.set(false);
                throw stopping;
            }
        }
    }

    /** Blocks until the JVM is asked to stop, closing each resource (in the given order) on the way out. */
    public static void awaitThenClose(String name, AutoCloseable... resources) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        List<AutoCloseable> all = new ArrayList<>(List.of(resources));
        all.add(stopped::countDown);
        onExit(name, all.toArray(AutoCloseable[]::new));
        stopped.await();
    }

    /**
     * True once this JVM is stopping (a signal, {@code System.exit}): what fails or exits then was stopped with it, and
     * is no crash to warn about. The JVM has no query for it; registering a hook is refused once shutdown began.
     */
    public static boolean inProgress() {
        Thread probe = Threads.daemon("kb-shutdown-probe", () -> {}); // never started
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    private static void closeAll() {
        for (Registration registration : List.copyOf(REGISTERED)) {
            registration.cancel();
            registration.close();
        }
        LAST.forEach(Runnable::run);
    }
}
