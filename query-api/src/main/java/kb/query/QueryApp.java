package kb.query;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.json.JavalinJackson;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import kb.core.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP app factory: returns an unstarted app whose handlers only validate input and delegate. One
 * exception mapper turns every failure into the JSON error shape.
 */
public final class QueryApp {

    private static final Logger LOG = LoggerFactory.getLogger(QueryApp.class);
    private static final String START_NANOS = "kb.start";
    private static final int MAX_K = 50;

    private QueryApp() {
    }

    public static Javalin create(SearchService search, DocumentCatalog documents, PrometheusMeterRegistry registry,
                                 BooleanSupplier ready) {
        Javalin app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.jsonMapper(new JavalinJackson(Json.MAPPER, false));
        });
        app.before(ctx -> ctx.attribute(START_NANOS, System.nanoTime()));
        app.after(ctx -> recordLatency(ctx, registry));
        app.get("/health", ctx -> health(ctx, ready));
        app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(registry.scrape()));
        app.get("/api/v1/search", ctx -> ctx.json(search.search(requiredQuery(ctx, "q"), k(ctx), category(ctx))));
        app.get("/api/v1/documents", ctx -> ctx.json(documents.list(intParam(ctx, "page", 0, 0, 100_000),
                intParam(ctx, "size", 100, 1, 1000))));
        app.get("/api/v1/documents/{docId}", ctx -> ctx.json(documents.get(ctx.pathParam("docId")).map(DocumentDetail::of)
                .orElseThrow(() -> new NotFoundException("no document " + ctx.pathParam("docId")))));
        app.exception(NotFoundException.class, (e, ctx) -> ctx.status(404).json(new ApiError("not_found", e.getMessage())));
        app.exception(BadRequestException.class, (e, ctx) -> ctx.status(400).json(new ApiError("bad_request", e.getMessage())));
        app.exception(Exception.class, (e, ctx) -> {
            LOG.error("[api] {} {} failed", ctx.method(), ctx.path(), e);
            ctx.status(503).json(new ApiError("unavailable", e.getClass().getSimpleName() + ": " + e.getMessage()));
        });
        app.error(404, ctx -> {
            if (ctx.result() == null) {
                ctx.json(new ApiError("not_found", "no route " + ctx.method() + " " + ctx.path()));
            }
        });
        return app;
    }

    private static void health(Context ctx, BooleanSupplier ready) {
        boolean up = ready.getAsBoolean();
        ctx.status(up ? 200 : 503).json(Map.of("status", up ? "UP" : "STARTING"));
    }

    static String requiredQuery(Context ctx, String name) {
        String value = ctx.queryParam(name);
        if (value == null || value.isBlank()) {
            throw new BadRequestException("query parameter '" + name + "' is required");
        }
        if (value.length() > 2000) {
            throw new BadRequestException("query parameter '" + name + "' is longer than 2000 characters");
        }
        return value.strip();
    }

    private static int k(Context ctx) {
        return intParam(ctx, "k", 10, 1, MAX_K);
    }

    static int intParam(Context ctx, String name, int fallback, int min, int max) {
        String value = ctx.queryParam(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.strip());
            if (parsed < min || parsed > max) {
                throw new BadRequestException(name + " must be between " + min + " and " + max);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new BadRequestException(name + " must be a whole number");
        }
    }

    private static String category(Context ctx) {
        String value = ctx.queryParam("category");
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** Tagged by route template, never the raw path, so the metric's cardinality stays bounded. */
    private static void recordLatency(Context ctx, PrometheusMeterRegistry registry) {
        Long start = ctx.attribute(START_NANOS);
        if (start == null) {
            return;
        }
        String route = ctx.endpointHandlerPath();
        Timer.builder("kb_http_server_requests")
                .tag("route", route == null || route.isEmpty() ? "unmatched" : route)
                .tag("method", ctx.method().name())
                .tag("status", Integer.toString(ctx.statusCode()))
                .register(registry)
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }
}
