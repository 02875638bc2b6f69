package kb.local;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.runtime.Threads;

/**
 * Answers on the API's port from kb up's first second until the query API takes the port over, so a supervisor
 * sees a live process that is starting, not a refused connection, during the broker's and Elasticsearch's start:
 * {@code /health/live} 200 UP, {@code /health} and {@code /health/ready} 503 STARTING (the bodies the API's own
 * answer has), anything else 503 {@code starting} with a Retry-After. Thread-safe; {@link #close()} frees the port.
 */
final class HoldingServer implements AutoCloseable {

    private static final String LIVE = "{\"status\":\"UP\"}";
    private static final String STARTING = "{\"status\":\"STARTING\"}";
    private static final String NOT_YET = "{\"error\":\"starting\",\"detail\":\"kb is starting: the API answers once"
            + " the broker and Elasticsearch are up; /health/ready says when\"}";

    private final HttpServer server;
    private final ExecutorService executor;
    private final AtomicBoolean closed = new AtomicBoolean();

    private HoldingServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Listens on {@code host:port} (0: any free port; {@link #port()} says which) and answers at once. */
    static HoldingServer open(String host, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(host), port), 64);
        ExecutorService executor = Executors.newSingleThreadExecutor(Threads.daemonFactory("kb-holding-http"));
        server.setExecutor(executor);
        server.createContext("/", HoldingServer::answer);
        server.start();
        return new HoldingServer(server, executor);
    }

    int port() {
        return server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            boolean live = path.equals("/health/live");
            boolean health = path.equals("/health") || path.equals("/health/ready");
            String body = live ? LIVE : health ? STARTING : NOT_YET;
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            if (!live) {
                exchange.getResponseHeaders().set("Retry-After", "5");
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(live ? 200 : 503, head ? -1 : bytes.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
        }
    }

    /** Stops listening at once (a request being answered is cut short: the API answers its retry). Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.stop(0);
        executor.shutdownNow();
    }
}
