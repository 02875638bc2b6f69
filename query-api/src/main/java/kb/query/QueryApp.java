package kb.query;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.json.JavalinJackson;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import kb.core.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP app factory: returns an unstarted app whose handlers only validate input and delegate. One set
 * of exception mappers turns every failure into {@code {"error": ..., "detail": ...}} with its status.
 */
public final class QueryApp {

    private static final Logger LOG = LoggerFactory.getLogger(QueryApp.class);
    private static final String START_NANOS = "kb.start";

    private QueryApp() {
    }

    public static Javalin create(ApiServices services, PrometheusMeterRegistry registry, long maxUploadBytes) {
        QueryHandlers handlers = new QueryHandlers(services, registry);
        McpTools.Mounted mcp = McpTools.create(services, registry);
        Javalin app = Javalin.create(config -> {
            config.jetty.modifyServletContextHandler(context -> {
                var holder = new org.eclipse.jetty.servlet.ServletHolder(mcp.servlet());
                holder.setAsyncSupported(true);
                context.addServlet(holder, McpTools.ENDPOINT);
                context.addServlet(holder, McpTools.ENDPOINT + "/*");
            });
            config.showJavalinBanner = false;
            config.jsonMapper(new JavalinJackson(Json.MAPPER, false));
            config.jetty.multipartConfig.maxFileSize(maxUploadBytes + 1, io.javalin.config.SizeUnit.BYTES);
            config.http.maxRequestSize = maxUploadBytes + 64 * 1024;
        });
        app.before(ctx -> ctx.attribute(START_NANOS, System.nanoTime()));
        app.after(ctx -> recordLatency(ctx, registry));
        String page = statusPage();
        app.get("/", ctx -> ctx.html(page));
        app.get("/health", handlers::health);
        app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(registry.scrape()));
        app.get("/api/v1/status", handlers::status);
        app.get("/api/v1/search", handlers::search);
        app.get("/api/v1/lookup", handlers::lookupGet);
        app.post("/api/v1/lookup", handlers::lookupPost);
        app.get("/api/v1/context", handlers::context);
        app.get("/api/v1/documents", handlers::listDocuments);
        app.get("/api/v1/documents/{docId}", handlers::getDocument);
        app.post("/api/v1/documents", handlers::upload);
        app.delete("/api/v1/documents/{docId}", handlers::delete);
        app.post("/api/v1/reindex", handlers::startReindex);
        app.get("/api/v1/reindex/{id}", handlers::reindexStatus);
        mapErrors(app);
        app.events(events -> events.serverStopping(mcp.server()::closeGracefully));
        return app;
    }

    /** The status page: plain HTML and a little JS, no build step. */
    private static String statusPage() {
        try (var in = QueryApp.class.getResourceAsStream("index.html")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException | NullPointerException e) {
            throw new IllegalStateException("status page resource missing", e);
        }
    }

    private static void mapErrors(Javalin app) {
        app.exception(BadRequestException.class, (e, ctx) -> error(ctx, 400, "bad_request", e.getMessage()));
        app.exception(UnauthorizedException.class, (e, ctx) -> error(ctx, 401, "unauthorized", e.getMessage()));
        app.exception(UnavailableException.class, (e, ctx) -> error(ctx, 503, "unavailable", e.getMessage()));
        app.exception(NotFoundException.class, (e, ctx) -> error(ctx, 404, "not_found", e.getMessage()));
        app.exception(DocumentFiles.InvalidUpload.class, (e, ctx) -> error(ctx, e.status(),
                e.status() == 413 ? "too_large" : e.status() == 415 ? "unsupported_type" : "bad_request", e.getMessage()));
        app.exception(IllegalStateException.class, (e, ctx) -> {
            // Jetty's multipart limit says so with an IllegalStateException.
            String message = String.valueOf(e.getMessage());
            if (message.contains("exceeds max")) {
                error(ctx, 413, "too_large", "file is over the upload size cap");
            } else if (message.contains("MultiPart")) {
                error(ctx, 400, "bad_request", "malformed multipart body: " + message);
            } else {
                LOG.error("[api] {} {} failed", ctx.method(), ctx.path(), e);
                error(ctx, 503, "unavailable", e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        });
        app.exception(Exception.class, (e, ctx) -> {
            LOG.error("[api] {} {} failed", ctx.method(), ctx.path(), e);
            error(ctx, 503, "unavailable", e.getClass().getSimpleName() + ": " + e.getMessage());
        });
        app.error(404, ctx -> {
            if (ctx.result() == null || ctx.result().isEmpty()) {
                error(ctx, 404, "not_found", "no route " + ctx.method() + " " + ctx.path());
            }
        });
        app.error(413, ctx -> error(ctx, 413, "too_large", "request body is over the size cap"));
    }

    private static void error(Context ctx, int status, String error, String detail) {
        ctx.status(status).json(new ApiError(error, detail));
    }

    /** Tagged by route template, never the raw path, so the metric's cardinality stays bounded. */
    private static void recordLatency(Context ctx, PrometheusMeterRegistry registry) {
        Long start = ctx.attribute(START_NANOS);
        if (start == null) {
            return;
        }
        String route = ctx.endpointHandlerPath();
        int status = ctx.statusCode();
        Timer.builder("kb_http_server_requests")
                .tag("route", route == null || route.isEmpty() ? "unmatched" : route)
                .tag("method", ctx.method().name())
                .tag("outcome", status < 400 ? "success" : status < 500 ? "client_error" : "server_error")
                .publishPercentileHistogram()
                .register(registry)
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }
}
