package kb.query.http;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.path;

import io.javalin.Javalin;
import io.javalin.apibuilder.EndpointGroup;
import io.javalin.config.SizeUnit;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.DispatcherType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ServerSocketChannel;
import java.util.EnumSet;
import java.util.Optional;
import kb.core.Json;
import kb.core.settings.PathPrefix;
import kb.query.api.ApiServices;
import kb.query.documents.DocumentFiles;
import kb.query.errors.ApiError;
import kb.query.errors.BadRequestException;
import kb.query.errors.ForbiddenException;
import kb.query.errors.NotFoundException;
import kb.query.errors.UnauthorizedException;
import kb.query.errors.UnavailableException;
import kb.query.mcp.McpRequestFilter;
import kb.query.mcp.McpTools;
import kb.query.status.BuildInfo;
import kb.query.status.GuardedTransport;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.servlet.FilterHolder;
import org.eclipse.jetty.servlet.ServletContextHandler;
import org.eclipse.jetty.servlet.ServletHolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP app factory: returns an unstarted app whose handlers only validate input and delegate. One set
 * of exception mappers turns every failure into {@code {"error": ..., "detail": ...}} with its status.
 */
public final class QueryApp {

    private static final Logger LOG = LoggerFactory.getLogger(QueryApp.class);
    private static final String START_NANOS = "kb.start";

    private QueryApp() {}

    public static Javalin create(ApiServices services, PrometheusMeterRegistry registry, long maxUploadBytes) {
        return create(services, registry, maxUploadBytes, Optional.empty());
    }

    /**
     * @param basePath the path a gateway serves the API under when it cannot say so with {@code X-Forwarded-Prefix}
     *                 ({@code KB_API_BASE_PATH}); only what must be stated from the root uses it, the page is relative
     */
    public static Javalin create(
            ApiServices services,
            PrometheusMeterRegistry registry,
            long maxUploadBytes,
            Optional<PathPrefix> basePath) {
        BuildInfo.current().register(registry);
        McpTools.Mounted mcp = McpTools.create(services, registry);
        Javalin app = Javalin.create(config -> {
            config.jetty.modifyServletContextHandler(context -> mountMcp(context, mcp, services, registry));
            config.jetty.modifyServer(server -> server.setErrorHandler(new JsonErrorHandler()));
            config.jetty.modifyHttpConfiguration(
                    http -> http.setRequestHeaderSize(JsonErrorHandler.MAX_REQUEST_HEADER_BYTES));
            config.http.prefer405over404 = true;
            config.showJavalinBanner = false;
            RequestParams.registerConverters(config);
            config.jsonMapper(new JavalinJackson(Json.MAPPER, false));
            config.jetty.multipartConfig.maxFileSize(maxUploadBytes + 1, SizeUnit.BYTES);
            config.http.maxRequestSize = maxUploadBytes + 64 * 1024;
            config.router.apiBuilder(routes(services, registry));
        });
        app.before(ctx -> ctx.attribute(START_NANOS, System.nanoTime()));
        app.before(ctx -> {
            if (!services.writes().hostAllowed(ctx.header("Host"))) {
                throw new ForbiddenException(
                        "Host " + ctx.header("Host") + " is not a name of this API (DNS rebinding?)");
            }
        });
        app.after(ctx -> recordLatency(ctx, registry));
        SearchPage.serve(app);
        OpenApi.serve(app, new GatewayPrefix(basePath));
        mapErrors(app);
        app.events(events -> events.serverStopping(mcp.server()::closeGracefully));
        return app;
    }

    /** The routes by resource: health, the metrics, and under {@code /api/v1} answers, documents, status, admin. */
    private static EndpointGroup routes(ApiServices services, PrometheusMeterRegistry registry) {
        return () -> {
            path("/health", new HealthRoutes(services));
            get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                    .result(registry.scrape()));
            path("/api/v1", () -> {
                new AnswerRoutes(services, registry).addEndpoints();
                path("/documents", new DocumentRoutes(services));
                new StatusRoutes(services).addEndpoints();
                new AdminRoutes(services).addEndpoints();
            });
        };
    }

    /** The MCP servlet at its endpoint, behind the latency filter and the origin filter, errors as JSON. */
    private static void mountMcp(
            ServletContextHandler context,
            McpTools.Mounted mcp,
            ApiServices services,
            PrometheusMeterRegistry registry) {
        ServletHolder holder = new ServletHolder(mcp.servlet());
        holder.setAsyncSupported(true);
        context.addServlet(holder, McpTools.ENDPOINT);
        context.addServlet(holder, McpTools.ENDPOINT + "/*");
        EnumSet<DispatcherType> dispatch = EnumSet.of(DispatcherType.REQUEST);
        // First, so that the origin filter's refusals are counted too.
        FilterHolder timed = new FilterHolder(HttpMetrics.servletFilter(registry, McpTools.ENDPOINT));
        context.addFilter(timed, McpTools.ENDPOINT, dispatch);
        context.addFilter(timed, McpTools.ENDPOINT + "/*", dispatch);
        FilterHolder filter = new FilterHolder(McpRequestFilter.of(services.writes()));
        context.addFilter(filter, McpTools.ENDPOINT, dispatch);
        context.addFilter(filter, McpTools.ENDPOINT + "/*", dispatch);
        context.setErrorHandler(new JsonErrorHandler());
    }

    /**
     * Serves {@code app} on an already bound listening socket instead of binding {@code host:port} at start. No
     * acceptor thread: Jetty's selector accepts, which keeps the socket non-blocking, so its first owner (kb up's
     * holding server) can go on accepting beside Jetty until Jetty has started; a connection is accepted by one of
     * the two, never refused nor left in a backlog nobody reads. Call before {@code app.start()}.
     */
    public static void listenOn(Javalin app, ServerSocketChannel channel) {
        app.unsafeConfig().jetty.addConnector((server, http) -> {
            ServerConnector connector = new ServerConnector(server, 0, -1, new HttpConnectionFactory(http));
            try {
                connector.open(channel);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot serve on the handed-over port", e);
            }
            return connector;
        });
    }

    private static void mapErrors(Javalin app) {
        app.exception(BadRequestException.class, (e, ctx) -> error(ctx, 400, e.getMessage()));
        app.exception(UnauthorizedException.class, (e, ctx) -> error(ctx, 401, e.getMessage()));
        app.exception(ForbiddenException.class, (e, ctx) -> error(ctx, 403, e.getMessage()));
        app.exception(UnavailableException.class, (e, ctx) -> error(ctx, 503, e.getMessage()));
        app.exception(GuardedTransport.L1UnavailableException.class, (e, ctx) -> {
            ctx.header(AnswerRoutes.DEGRADED_HEADER, "l1-unavailable");
            error(ctx, 503, e.getMessage());
        });
        app.exception(NotFoundException.class, (e, ctx) -> error(ctx, 404, e.getMessage()));
        app.exception(DocumentFiles.InvalidUpload.class, (e, ctx) -> error(ctx, e.status(), e.getMessage()));
        app.exception(HttpResponseException.class, (e, ctx) -> error(ctx, e.getStatus(), e.getMessage()));
        app.exception(IllegalStateException.class, (e, ctx) -> {
            // Jetty's multipart limit says so with an IllegalStateException.
            String message = String.valueOf(e.getMessage());
            if (message.contains("exceeds max")) {
                error(ctx, 413, "file is over the upload size cap");
            } else if (message.contains("MultiPart")) {
                error(ctx, 400, "malformed multipart body: " + message);
            } else {
                unexpected(ctx, e);
            }
        });
        app.exception(Exception.class, (e, ctx) -> unexpected(ctx, e));
        // Javalin's own answers (no route: 404, another method: 405, body over the cap: 413) as JSON too.
        for (int status : new int[] {400, 404, 405, 413, 414, 415, 500, 503}) {
            app.error(status, ctx -> {
                String type = ctx.res().getContentType();
                if (type == null || !type.startsWith("application/json")) {
                    String result = ctx.result();
                    error(
                            ctx,
                            status,
                            result == null || result.isBlank()
                                    ? "no route " + ctx.method() + " " + ctx.path()
                                    : result);
                }
            });
        }
    }

    private static void unexpected(Context ctx, Exception e) {
        LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
        error(ctx, 503, e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    private static void error(Context ctx, int status, String detail) {
        ctx.status(status).json(new ApiError(errorName(status), detail));
    }

    /** The {@code error} field for a status: one name per status, the same from Javalin and from Jetty. */
    static String errorName(int status) {
        return switch (status) {
            case 400 -> "bad_request";
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 409 -> "conflict";
            case 413 -> "too_large";
            case 414, 431 -> "request_too_long";
            case 415 -> "unsupported_type";
            case 503 -> "unavailable";
            default -> status >= 500 ? "server_error" : "bad_request";
        };
    }

    /** Tagged by route template, never the raw path, so the metric's cardinality stays bounded. */
    private static void recordLatency(Context ctx, PrometheusMeterRegistry registry) {
        Long start = ctx.attribute(START_NANOS);
        if (start != null) {
            HttpMetrics.record(
                    registry,
                    ctx.endpointHandlerPath(),
                    ctx.method().name(),
                    ctx.statusCode(),
                    System.nanoTime() - start);
        }
    }
}
