package kb.infra;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import kb.core.runtime.Threads;
import org.apache.kafka.common.utils.internals.Exit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Restarts the embedded broker where Kafka would halt the JVM. A KRaft broker whose metadata log directory fails (a
 * checkpoint written on a full disk: "no space left on device") halts its process, which is {@code kb} with every
 * stage and the API. Here the halt stops only the Kafka thread that asked for it; the broker is stopped and started
 * again on the same ports and log once its file system has room, as a service manager would restart a broker
 * process. The pipeline's clients reconnect by themselves. Bounded: after {@value #MAX_RESTARTS} restarts in a row
 * that did not hold for {@link #STABLE}, or a restart that fails, the broker is stopped for good and kb goes read-only
 * ({@link #onGiveUp}): the writing stages stop, the query API keeps answering from the index and says why. The JVM is
 * never halted: a halt took the answers down with the broker.
 */
public final class BrokerSupervisor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerSupervisor.class);
    static final int MAX_RESTARTS = 5;
    /** A restart that ran this long without another halt counts as a recovery, and the count starts again. */
    static final Duration STABLE = Duration.ofMinutes(5);
    /** A broker's start and recovery write little; this much free is room enough to start it. */
    static final long ROOM_BYTES = 1024L * 1024;

    private static final Duration ROOM_POLL = Duration.ofMillis(100);

    private final EmbeddedKafka kafka;
    private final LongSupplier freeBytes;
    private final ExecutorService restarter =
            Executors.newSingleThreadExecutor(Threads.daemonFactory("kb-broker-supervisor"));
    private final AtomicBoolean restarting = new AtomicBoolean();
    private final AtomicInteger restartsInARow = new AtomicInteger();
    private final AtomicInteger restarts = new AtomicInteger();
    private final List<Consumer<String>> giveUpListeners = new CopyOnWriteArrayList<>();
    private final int maxRestarts;
    private volatile long lastRestartNanos;
    private volatile long streakStartNanos;
    private volatile boolean closed;
    private volatile String gaveUp;

    BrokerSupervisor(EmbeddedKafka kafka, LongSupplier freeBytes, int maxRestarts) {
        this.kafka = kafka;
        this.freeBytes = freeBytes;
        this.maxRestarts = maxRestarts;
    }

    /** Takes over Kafka's halts for this JVM; after {@link #close()} a halt only stops the thread that asked. */
    public static BrokerSupervisor supervise(EmbeddedKafka kafka, LongSupplier freeBytes) {
        return supervise(new BrokerSupervisor(kafka, freeBytes, MAX_RESTARTS));
    }

    static BrokerSupervisor supervise(BrokerSupervisor supervisor) {
        Exit.setHaltProcedure(supervisor::onHalt);
        return supervisor;
    }

    /**
     * Told once, on the supervisor's thread, when the broker is given up (stopped, not restarted again), with the
     * reason a person reads: kb is read-only from then on.
     */
    public void onGiveUp(Consumer<String> listener) {
        giveUpListeners.add(listener);
    }

    /** Why the broker was given up, or null while it is supervised. */
    public String gaveUp() {
        return gaveUp;
    }

    /** How many times the broker was restarted since the start. */
    public int restarts() {
        return restarts.get();
    }

    /** True from a halt until the broker answers again. */
    public boolean restarting() {
        return restarting.get();
    }

    private void onHalt(int status, String message) {
        if (!closed && gaveUp == null && !withinBudget()) {
            giveUp(String.format(
                    Locale.ROOT,
                    "the broker failed %d times%s (last: %s): read-only, restart kb",
                    restartsInARow.get() + 1,
                    restartsInARow.get() == 0
                            ? ""
                            : " in "
                                    + Math.max(
                                            1,
                                            Duration.ofNanos(System.nanoTime() - streakStartNanos)
                                                    .toMinutes())
                                    + " minutes",
                    message == null ? "a log directory failed" : message));
        }
        if (!closed && gaveUp == null && restarting.compareAndSet(false, true)) {
            LOG.error(
                    "the broker stopped serving its log ({}); it is restarted once {} has room",
                    message == null ? "a log directory failed, most often on a full disk" : message,
                    kafka.logDir());
            restarter.execute(this::restart);
        }
        throw new IllegalStateException("the broker asked to halt the JVM; kb restarts the broker instead");
    }

    private boolean withinBudget() {
        if (System.nanoTime() - lastRestartNanos > STABLE.toNanos()) {
            restartsInARow.set(0);
        }
        return restartsInARow.get() < maxRestarts;
    }

    /** Stops restarting and stops the broker, off Kafka's thread, then tells the listeners why. */
    private void giveUp(String reason) {
        gaveUp = reason;
        LOG.error("{}", reason);
        restarter.execute(() -> {
            kafka.stopQuietly();
            giveUpListeners.forEach(l -> l.accept(reason));
        });
    }

    private void restart() {
        try {
            awaitRoom();
            if (closed) {
                return;
            }
            kafka.restartInPlace();
            restarts.incrementAndGet();
            if (restartsInARow.incrementAndGet() == 1) {
                streakStartNanos = System.nanoTime();
            }
            lastRestartNanos = System.nanoTime();
            restarting.set(false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("the broker did not start again", e);
            restarting.set(false);
            giveUp("the broker did not start again (" + e.getMessage() + "): read-only, restart kb");
        }
    }

    private void awaitRoom() throws InterruptedException {
        while (!closed && freeBytes.getAsLong() < ROOM_BYTES) {
            Thread.sleep(ROOM_POLL.toMillis());
        }
    }

    /** Stops restarting: the broker is being stopped. Kafka's halts are the JVM's again after {@link #close()}. */
    public void stopRestarting() {
        closed = true;
        restarter.shutdownNow();
    }

    @Override
    public void close() {
        stopRestarting();
        Exit.resetHaltProcedure();
    }
}
