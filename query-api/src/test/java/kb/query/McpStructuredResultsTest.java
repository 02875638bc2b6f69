package kb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.core.Json;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * MCP as a plain JSON-RPC client sees it on the wire: tools/list declares each tool's output schema, tools/call
 * answers {@code structuredContent} with the same JSON as its one text item (for clients older than structured
 * results), the gate's evidence only with {@code debug: true}, and every {@code /mcp} request is counted in the
 * HTTP metrics.
 */
class McpStructuredResultsTest {

    private static final Pattern MCP_COUNT =
            Pattern.compile("kb_http_server_requests_seconds_count\\{[^}]*route=\"/mcp\"[^}]*} (\\d+)");

    private static StandaloneApi api;
    private static String session;
    private static int nextId = 1;

    @BeforeAll
    static void start() throws Exception {
        api = StandaloneApi.start(SharedInfrastructure.get().elasticsearchUrl(), Map.of());
        HttpResponse<String> initialize = post(
                "initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        assertEquals(200, initialize.statusCode(), initialize.body());
        session = initialize.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> initialized =
                api.send(request("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
        assertTrue(initialized.statusCode() < 300, initialized.body());
    }

    @AfterAll
    static void stop() throws Exception {
        api.close();
    }

    private static HttpRequest.Builder request(String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api.base() + "/mcp"))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return request;
    }

    private static synchronized HttpResponse<String> post(String method, String params) throws Exception {
        return api.send(request("{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"" + method + "\",\"params\":"
                + params + "}"));
    }

    /** The JSON-RPC result, from a JSON body or from the event stream's data line. */
    private static JsonNode result(HttpResponse<String> response) throws Exception {
        assertEquals(200, response.statusCode(), response.body());
        String body = response.body();
        String json = body.lines()
                .filter(line -> line.startsWith("data:"))
                .map(line -> line.substring("data:".length()).strip())
                .reduce((first, second) -> second)
                .orElse(body);
        JsonNode message = Json.MAPPER.readTree(json);
        assertFalse(message.has("error"), json);
        return message.get("result");
    }

    private static JsonNode call(String tool, String arguments) throws Exception {
        JsonNode result = result(post("tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}"));
        assertFalse(result.path("isError").asBoolean(), result.toString());
        JsonNode structured = result.get("structuredContent");
        assertTrue(structured != null && structured.isObject(), result.toString());
        assertEquals(
                structured,
                Json.MAPPER.readTree(result.get("content").get(0).get("text").asText()));
        return structured;
    }

    @Test
    void shouldDeclareAnOutputSchemaForEveryTool() throws Exception {
        JsonNode tools = result(post("tools/list", "{}")).get("tools");
        assertEquals(6, tools.size(), tools.toString());
        for (JsonNode tool : tools) {
            JsonNode output = tool.get("outputSchema");
            assertTrue(output != null && "object".equals(output.path("type").asText()), tool.toString());
            boolean search = tool.get("name").asText().endsWith("_knowledge");
            assertTrue(
                    (!search || output.path("properties").has("found"))
                            && output.path("properties").has("index"),
                    tool.toString());
        }
        JsonNode search = tools.get(0).get("name").asText().equals("search_knowledge") ? tools.get(0) : tools.get(1);
        assertTrue(search.get("inputSchema").get("properties").has("debug"), search.toString());
        assertTrue(search.get("description").asText().contains("evidence"), search.toString());
    }

    @Test
    void shouldAnswerALookupAsStructuredContent() throws Exception {
        JsonNode answer = call("lookup_knowledge", "{\"query\":\"" + StandaloneApi.L0_KEYWORD + "\"}");
        assertTrue(answer.get("found").asBoolean(), answer.toString());
        assertEquals(StandaloneApi.L0_PATH, answer.get("primary").get("source").asText(), answer.toString());
        assertTrue(answer.get("index").has("firstIndexRunning"), answer.toString());
    }

    @Test
    void shouldGiveTheGatesEvidenceOnlyWhenDebugIsAsked() throws Exception {
        JsonNode plain = call("search_knowledge", "{\"query\":\"sourdough starter\"}");
        assertFalse(plain.get("found").asBoolean(), plain.toString());
        assertFalse(plain.has("gate"), plain.toString());
        assertFalse(plain.has("explain"), plain.toString());
        assertFalse(plain.get("reason").asText().isBlank(), plain.toString());
        JsonNode debug = call("search_knowledge", "{\"query\":\"sourdough starter\",\"debug\":true}");
        assertTrue(debug.get("gate").has("minCosine"), debug.toString());
        JsonNode refused = result(post(
                "tools/call", "{\"name\":\"search_knowledge\",\"arguments\":{\"query\":\"x\",\"debug\":\"yes\"}}"));
        assertTrue(refused.get("isError").asBoolean(), refused.toString());
    }

    @Test
    void shouldCountMcpRequestsInTheHttpMetrics() throws Exception {
        long before = mcpRequests();
        result(post("tools/list", "{}"));
        result(post("ping", "{}"));
        assertTrue(mcpRequests() >= before + 2, "counted: " + before + " then " + mcpRequests());
    }

    private static long mcpRequests() throws Exception {
        String metrics = api.get("/metrics").body();
        Matcher counts = MCP_COUNT.matcher(metrics);
        long total = 0;
        while (counts.find()) {
            total += Long.parseLong(counts.group(1));
        }
        return total;
    }
}
