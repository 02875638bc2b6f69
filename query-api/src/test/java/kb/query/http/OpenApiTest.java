package kb.query.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import kb.core.Json;
import kb.core.runtime.Metrics;
import kb.core.settings.PathPrefix;
import kb.core.settings.Settings;
import kb.query.api.ApiServices;
import kb.query.api.QueryText;
import kb.query.api.WriteGuard;
import kb.query.config.QueryConfig;
import kb.query.mcp.McpTools;
import kb.query.search.SearchRequest;
import kb.query.search.SearchService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI description against the app's own route table: every route Javalin serves under {@code /api} and
 * {@code /health} is described with its method, every described path is served, the limits are the handlers'.
 * The app is built with services that are never called: only its routes and {@code /openapi.json} are asked.
 */
class OpenApiTest {

    private static final Set<HandlerType> METHODS =
            Set.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT, HandlerType.DELETE, HandlerType.PATCH);

    private static ApiServices services;
    private static Javalin app;
    private static JsonNode description;

    @BeforeAll
    static void start() throws Exception {
        QueryConfig config = QueryConfig.from(new Settings(Map.of()));
        SearchService search = new SearchService(config, null, null, null, null, null);
        services = new ApiServices(
                new ApiServices.Answering(search, null, null, null), null, null, WriteGuard.from(config), null);
        app = QueryApp.create(services, Metrics.newRegistry(), 1024).start("127.0.0.1", 0);
        description = Json.MAPPER.readTree(OpenApi.description());
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.stop();
        }
    }

    /** {@code GET /api/v1/search}, ... for every route the app serves outside the page's own files. */
    private static Set<String> served() {
        Set<String> routes = new TreeSet<>();
        app.unsafeConfig().pvt.internalRouter.allHttpHandlers().forEach(parsed -> {
            var endpoint = parsed.getEndpoint();
            String path = endpoint.getPath();
            boolean api = path.startsWith("/api/")
                    || path.startsWith("/health")
                    || path.equals(OpenApi.PATH)
                    || path.equals("/metrics");
            if (api && METHODS.contains(endpoint.getMethod())) {
                routes.add(endpoint.getMethod().name() + " " + path);
            }
        });
        return routes;
    }

    private static Set<String> described() {
        Set<String> routes = new TreeSet<>();
        for (Map.Entry<String, JsonNode> path : description.get("paths").properties()) {
            path.getValue()
                    .fieldNames()
                    .forEachRemaining(method -> routes.add(method.toUpperCase(Locale.ROOT) + " " + path.getKey()));
        }
        return routes;
    }

    @Test
    void shouldDescribeEveryRouteServedAndServeEveryRouteDescribed() {
        Set<String> described = described();
        assertTrue(described.remove("POST " + McpTools.ENDPOINT), "the MCP servlet is described");
        assertEquals(served(), described);
    }

    @Test
    void shouldServeTheDescriptionAsOpenApi31WithThisBuildsVersion() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + OpenApi.PATH))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
        JsonNode served = Json.MAPPER.readTree(response.body());
        assertEquals("3.1.0", served.get("openapi").asText());
        assertTrue(
                !served.get("info").get("version").asText().contains("${"),
                served.get("info").toString());
    }

    @Test
    void shouldNameTheGatewaysPrefixAsTheServerWhenItsHeaderIsAPath() throws Exception {
        assertEquals("/", server(app, null));
        assertEquals("/kb", server(app, "/kb"));
        assertEquals("/kb", server(app, "/kb/"));
        assertEquals("/tools/kb", server(app, "/tools/kb"));
        for (String junk :
                new String[] {"/kb/../admin", "kb", "/kb\",\"x\":\"", "/kb,/other", "https://evil.example"}) {
            assertEquals("/", server(app, junk), junk);
        }
    }

    @Test
    void shouldNameTheConfiguredBasePathWhenTheGatewaySendsNoValidHeader() throws Exception {
        Javalin configured = QueryApp.create(
                        services, Metrics.newRegistry(), 1024, Optional.of(new PathPrefix("/tools/kb")))
                .start("127.0.0.1", 0);
        try {
            assertEquals("/tools/kb", server(configured, null));
            assertEquals("/tools/kb", server(configured, "/.."));
            assertEquals("/kb", server(configured, "/kb"));
        } finally {
            configured.stop();
        }
    }

    /** The description's one server, asked with {@code X-Forwarded-Prefix: prefix} (none when null). */
    private static String server(Javalin served, String prefix) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + OpenApi.PATH));
        if (prefix != null) {
            request.header(GatewayPrefix.HEADER, prefix);
        }
        HttpResponse<String> response =
                HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertEquals(GatewayPrefix.HEADER, response.headers().firstValue("Vary").orElse(""));
        JsonNode servers = Json.MAPPER.readTree(response.body()).get("servers");
        assertEquals(1, servers.size(), servers.toString());
        return servers.get(0).get("url").asText();
    }

    @Test
    void shouldDeclareTheLimitsTheHandlersValidate() {
        JsonNode parameters = description.get("components").get("parameters");
        assertRange(parameters.get("k"), SearchRequest.MIN_K, SearchRequest.MAX_K, SearchRequest.DEFAULT_K);
        assertRange(parameters.get("window"), 1, RequestParams.MAX_WINDOW, null);
        assertRange(parameters.get("rrfK"), 1, RequestParams.MAX_RRF_K, null);
        assertRange(parameters.get("page"), 0, DocumentRoutes.MAX_PAGE, 0);
        assertRange(parameters.get("size"), 1, DocumentRoutes.MAX_PAGE_SIZE, DocumentRoutes.DEFAULT_PAGE_SIZE);
        assertRange(parameters.get("recent"), 1, StatusRoutes.MAX_RECENT, StatusRoutes.DEFAULT_RECENT);
        assertRange(parameters.get("tags"), 1, StatusRoutes.MAX_TAGS, StatusRoutes.DEFAULT_TAGS);
        for (String question : new String[] {"q", "query"}) {
            assertEquals(
                    QueryText.MAX_CHARS,
                    parameters.get(question).get("schema").get("maxLength").asInt());
            assertTrue(parameters.get(question).get("required").asBoolean());
        }
        assertEquals(
                RequestParams.MAX_DOC_ID_BYTES,
                parameters.get("docId").get("schema").get("maxLength").asInt());
    }

    @Test
    void shouldDescribeTheErrorShapeOnEveryOperation() {
        JsonNode error = description.get("components").get("schemas").get("Error");
        assertEquals(Set.of("error", "detail"), names(error.get("required")));
        for (int status : new int[] {400, 401, 403, 404, 405, 409, 413, 414, 415, 503}) {
            String name = QueryApp.errorName(status);
            assertTrue(names(error.get("properties").get("error").get("enum")).contains(name), name);
        }
        description
                .get("paths")
                .forEach(path -> path.forEach(
                        operation -> assertTrue(operation.get("responses").has("default"), operation.toString())));
    }

    private static Set<String> names(JsonNode array) {
        Set<String> names = new TreeSet<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }

    private static void assertRange(JsonNode parameter, int min, int max, Integer fallback) {
        JsonNode schema = parameter.get("schema");
        assertEquals("integer", schema.get("type").asText(), parameter.toString());
        assertEquals(min, schema.get("minimum").asInt(), parameter.toString());
        assertEquals(max, schema.get("maximum").asInt(), parameter.toString());
        if (fallback != null) {
            assertEquals(fallback.intValue(), schema.get("default").asInt(), parameter.toString());
        }
    }
}
