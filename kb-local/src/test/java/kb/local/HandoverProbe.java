package kb.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import kb.core.runtime.Threads;

/**
 * Opens a new connection to the API's port every {@link #PERIOD} and asks {@code /health/live} on it, as a
 * supervisor would during kb up's start: counts the connections refused (nothing listened), those accepted but not
 * answered (reset or timed out), and the answers by the holding server and by the query API. A new connection each
 * time, never a pooled one, so that a port closed even briefly is seen.
 */
final class HandoverProbe implements AutoCloseable {

    static final Duration PERIOD = Duration.ofMillis(20);
    private static final int CONNECT_TIMEOUT_MS = 2_000;
    /** An answer slower than this counts as none (the API's start on a loaded machine takes a second or two). */
    private static final int READ_TIMEOUT_MS = 15_000;

    /** What the probe saw; {@code longestRefusedMs} is the longest stretch of refused connections. */
    record Result(int asked, int refused, int unanswered, int byHolding, int byApi, long longestRefusedMs) {}

    private final int port;
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(Threads.daemonFactory("handover-probe"));
    private final CountDownLatch firstHoldingAnswer = new CountDownLatch(1);
    private volatile CountDownLatch nextApiAnswer = new CountDownLatch(0);
    private int asked;
    private int refused;
    private int unanswered;
    private int byHolding;
    private int byApi;
    private Instant firstRefused;
    private long longestRefusedMs;

    private HandoverProbe(int port) {
        this.port = port;
    }

    static HandoverProbe start(int port) {
        HandoverProbe probe = new HandoverProbe(port);
        probe.scheduler.scheduleWithFixedDelay(probe::askOnce, 0, PERIOD.toMillis(), TimeUnit.MILLISECONDS);
        return probe;
    }

    /** The counts once one more connection was answered by the query API (so the probe ran past the hand-over). */
    Result resultAfterOneMoreAnswer(Duration deadline) throws InterruptedException {
        CountDownLatch answered = new CountDownLatch(1);
        nextApiAnswer = answered;
        answered.await(deadline.toMillis(), TimeUnit.MILLISECONDS);
        return result();
    }

    /** Waits for the first answer by the holding server; false if none came within {@code deadline}. */
    boolean awaitHoldingAnswer(Duration deadline) throws InterruptedException {
        return firstHoldingAnswer.await(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }

    synchronized Result result() {
        return new Result(asked, refused, unanswered, byHolding, byApi, longestRefusedMs);
    }

    private void askOnce() {
        Instant asking = Instant.now();
        String answer;
        try {
            answer = ask();
        } catch (ConnectException e) {
            recordRefused(asking);
            return;
        } catch (IOException e) {
            answer = null;
        }
        recordAccepted(asking, answer);
        if (answer != null && answer.contains("Server: " + HoldingAnswer.SERVER)) {
            firstHoldingAnswer.countDown();
        } else if (answer != null) {
            nextApiAnswer.countDown();
        }
    }

    /** The status line and headers, or null when the connection was closed or reset before a status line. */
    private String ask() throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), CONNECT_TIMEOUT_MS);
            socket.setSoTimeout(READ_TIMEOUT_MS);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /health/live HTTP/1.1\r\nHost: localhost:" + port + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return response.startsWith("HTTP/1.1 200") ? response : null;
        }
    }

    private synchronized void recordRefused(Instant asking) {
        asked++;
        refused++;
        if (firstRefused == null) {
            firstRefused = asking;
        }
    }

    private synchronized void recordAccepted(Instant asking, String answer) {
        asked++;
        if (answer == null) {
            unanswered++;
        } else if (answer.contains("Server: " + HoldingAnswer.SERVER)) {
            byHolding++;
        } else {
            byApi++;
        }
        if (firstRefused != null) {
            longestRefusedMs = Math.max(
                    longestRefusedMs, Duration.between(firstRefused, asking).toMillis());
            firstRefused = null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        scheduler.shutdownNow();
        scheduler.awaitTermination(READ_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    }
}
