package kb.infra;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
 * that did not hold for {@link #STABLE} the halt goes through, so a broker that cannot run is not restarted forever.
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
    private volatile long lastRestartNanos;
    private volatile boolean closed;

    BrokerSupervisor(EmbeddedKafka kafka, LongSupplier freeBytes) {
        this.kafka = kafka;
        this.freeBytes = freeBytes;
    }

    /** Takes over Kafka's halts for this JVM; after {@link #close()} a halt only stops the thread that asked. */
    public static BrokerSupervisor supervise(EmbeddedKafka kafka, LongSupplier freeBytes) {
        BrokerSupervisor supervisor = new BrokerSupervisor(kafka, freeBytes);
        Exit.setHaltProcedure(supervisor::onHalt);
        return supervisor;
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
        if (!withinBudget()) {
            LOG.error("the broker halted the JVM (status {}) after {} restarts: {}", status, MAX_RESTARTS, message);
            Runtime.getRuntime().halt(status);
        }
        if (!closed && restarting.compareAndSet(false, true)) {
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
        return restartsInARow.get() < MAX_RESTARTS;
    }

    private void restart() {
        try {
            awaitRoom();
            if (closed) {
                return;
            }
            kafka.restartInPlace();
            restarts.incrementAndGet();
            restartsInARow.incrementAndGet();
            lastRestartNanos = System.nanoTime();
            restarting.set(false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("the broker did not start again; kb stops", e);
            Runtime.getRuntime().halt(1);
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
