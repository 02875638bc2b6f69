package kb.core.runtime;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

/**
 * {@code /metrics} and {@code /health} for a stage that runs on its own (the query API serves its own).
 * The JDK's server is enough for a scrape endpoint and keeps the stages free of a web framework.
 */
public final class MetricsServer implements AutoCloseable {

    private final HttpServer server;

    private MetricsServer(HttpServer server) {
        this.server = server;
    }

    public static MetricsServer start(int port, PrometheusMeterRegistry registry, BooleanSupplier healthy)
            throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
        server.createContext(
                "/metrics",
                exchange -> respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", registry.scrape()));
        server.createContext("/health", exchange -> {
            boolean up = healthy.getAsBoolean();
            respond(exchange, up ? 200 : 503, "application/json", up ? "{\"status\":\"UP\"}" : "{\"status\":\"DOWN\"}");
        });
        server.setExecutor(Executors.newSingleThreadExecutor(Threads.workerFactory("kb-metrics-http")));
        server.start();
        return new MetricsServer(server);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
