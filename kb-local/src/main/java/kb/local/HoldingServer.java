package kb.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.runtime.Threads;
import kb.query.PortHandover;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers on the API's port from kb up's first second until the query API takes the port over, so a supervisor
 * sees a live process that is starting, not a refused connection, during the broker's and Elasticsearch's start:
 * {@code /health/live} 200 UP, {@code /health} and {@code /health/ready} 503 STARTING (the bodies the API's own
 * answer has), anything else 503 {@code starting} with a Retry-After ({@link HoldingAnswer}).
 *
 * <p>The port is never closed in between: the query API accepts on this server's own listening socket
 * ({@link #channel()}), beside this server, and only once it does this server stops accepting ({@link
 * #apiAccepts()}); a connection is thus always accepted by one of the two, never refused, and none waits in a
 * backlog nobody reads (a closed listener would reset those). One socket, no {@code SO_REUSEPORT}: that option
 * would let a second listener bind the port beside kb (on Linux any process of the same user), a second kb up
 * included, and take a share of its connections; without it the bind of anyone else fails as it always did.
 * Thread-safe.
 */
final class HoldingServer implements PortHandover, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HoldingServer.class);
    private static final int BACKLOG = 128;
    /** Answering threads: a client that connects and sends nothing holds one for {@link HoldingAnswer}'s timeout. */
    private static final int ANSWERING_THREADS = 2;
    /** The accepting thread's last round: a wake-up and the connections waiting then, no I/O on any of them. */
    private static final Duration STOP_WITHIN = Duration.ofSeconds(5);

    private final ServerSocketChannel channel;
    private final int port;
    private final Selector selector;
    private final ExecutorService answering;
    private final Thread acceptor;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicBoolean handedOver = new AtomicBoolean();

    private HoldingServer(ServerSocketChannel channel, Selector selector) {
        this.channel = channel;
        this.port = channel.socket().getLocalPort();
        this.selector = selector;
        this.answering = Executors.newFixedThreadPool(ANSWERING_THREADS, Threads.numberedDaemons("kb-holding-http"));
        this.acceptor = Threads.daemon("kb-holding-accept", this::acceptUntilStopped);
    }

    /** Listens on {@code host:port} (0: any free port; {@link #port()} says which) and answers at once. */
    static HoldingServer open(String host, int port) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            // What Jetty sets on the sockets it binds itself; SO_REUSEADDR lets a restart bind over TIME_WAIT, it
            // does not let a second listener share the port on Linux.
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.bind(new InetSocketAddress(InetAddress.getByName(host), port), BACKLOG);
            channel.configureBlocking(false);
            Selector selector = Selector.open();
            channel.register(selector, SelectionKey.OP_ACCEPT);
            HoldingServer server = new HoldingServer(channel, selector);
            server.acceptor.start();
            return server;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    int port() {
        return port;
    }

    /** The bound listening socket, non-blocking: the query API registers it with its own selector. */
    @Override
    public ServerSocketChannel channel() {
        return channel;
    }

    /**
     * The query API accepts on {@link #channel()}: this server stops accepting, finishes the answers it began, and
     * leaves the socket open to the API (which closes it when it stops).
     */
    @Override
    public void apiAccepts() {
        handedOver.set(true);
        stop();
    }

    private void acceptUntilStopped() {
        try (selector) {
            while (!stopped.get()) {
                selector.select();
                selector.selectedKeys().clear();
                acceptWaiting();
            }
        } catch (IOException e) {
            if (!stopped.get()) {
                LOG.warn("the holding server stopped accepting on port {}: {}", port(), e.toString());
            }
        }
    }

    /** Every connection waiting now; none when the query API accepted it first (both accept on the socket). */
    private void acceptWaiting() throws IOException {
        SocketChannel client;
        while (!stopped.get() && (client = channel.accept()) != null) {
            Socket socket = client.socket();
            try {
                answering.execute(() -> HoldingAnswer.answer(socket));
            } catch (RejectedExecutionException e) {
                socket.close(); // stopping meanwhile: this process is going away
            }
        }
    }

    /**
     * Stops accepting (the selector closes with the accepting thread; the socket stays bound), then lets the answers
     * begun finish: the accepting thread has ended first, so no connection it accepted is dropped unanswered.
     */
    private void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        selector.wakeup();
        try {
            acceptor.join(STOP_WITHIN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        answering.shutdown();
    }

    /**
     * Stops accepting; before a hand-over the port is also freed (kb up failed or stops before the query API
     * started), after it the socket is the query API's. Idempotent.
     */
    @Override
    public void close() {
        stop();
        if (!handedOver.get()) {
            try {
                channel.close();
            } catch (IOException e) {
                LOG.warn("could not close the holding server's port {}: {}", port(), e.toString());
            }
        }
    }
}
