package kb.query.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.TimeUnit;

/**
 * {@code kb_http_server_requests}: every request's latency, tagged by route template (never the raw path, so the
 * metric's cardinality stays bounded), method and outcome. Javalin's routes are timed by the app's after-handler;
 * {@code /mcp} is a servlet beside Javalin, timed by {@link #servletFilter}.
 */
final class HttpMetrics {

    static final String NAME = "kb_http_server_requests";

    private HttpMetrics() {}

    static void record(MeterRegistry registry, String route, String method, int status, long nanos) {
        Timer.builder(NAME)
                .tag("route", route == null || route.isEmpty() ? "unmatched" : route)
                .tag("method", method)
                .tag("outcome", status < 400 ? "success" : status < 500 ? "client_error" : "server_error")
                .publishPercentileHistogram()
                .register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Times every request to a servlet mounted at {@code route}, refusals by later filters included; a request the
     * servlet answers asynchronously (the MCP transport's event streams) is timed when it completes.
     */
    static Filter servletFilter(MeterRegistry registry, String route) {
        return (request, response, chain) -> {
            long start = System.nanoTime();
            var http = (HttpServletRequest) request;
            var out = (HttpServletResponse) response;
            try {
                chain.doFilter(request, response);
            } finally {
                if (http.isAsyncStarted()) {
                    http.getAsyncContext().addListener(new Completion(registry, route, http.getMethod(), out, start));
                } else {
                    record(registry, route, http.getMethod(), out.getStatus(), System.nanoTime() - start);
                }
            }
        };
    }

    /** Records an asynchronous request once it completes (or times out, or fails). */
    private record Completion(
            MeterRegistry registry, String route, String method, HttpServletResponse response, long start)
            implements AsyncListener {

        @Override
        public void onComplete(AsyncEvent event) {
            record(registry, route, method, response.getStatus(), System.nanoTime() - start);
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            // onComplete follows.
        }

        @Override
        public void onError(AsyncEvent event) {
            // onComplete follows.
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // Still the same request.
        }
    }
}
