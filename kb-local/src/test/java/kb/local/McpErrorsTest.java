package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every malformed MCP message or tool argument is a JSON-RPC or tool error a client can read, never a Java dump. */
class McpErrorsTest {

    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        kb.write("codes.md", "---\ntitle: Codes\nkeywords: [ERR_QUUX]\n---\nERR_QUUX means the upstream timed out.\n");
        kb.start();
        await().atMost(Duration.ofSeconds(60)).until(() -> kb.indexed(List.of("codes.md")));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    private static HttpResponse<String> post(String path, String body, String session) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(kb.uri(path))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return kb.send(request);
    }

    private static void assertRpcError(int code, HttpResponse<String> response) throws Exception {
        assertTrue(
                response.statusCode() >= 400 && response.statusCode() < 500,
                response.statusCode() + " " + response.body());
        assertFalse(response.body().contains("stackTrace"), response.body());
        assertTrue(response.body().length() < 1000, response.body());
        JsonNode error = Json.MAPPER.readTree(response.body());
        assertEquals("2.0", error.get("jsonrpc").asText(), response.body());
        assertEquals(code, error.get("error").get("code").asInt(), response.body());
    }

    @Test
    void shouldAnswerMalformedMessagesWithJsonRpcErrors() throws Exception {
        assertRpcError(-32700, post("/mcp", "{bad json", null));
        assertRpcError(-32700, post("/mcp", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"meth", null));
        assertRpcError(
                -32600, post("/mcp", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}]", null));
        assertRpcError(
                -32602,
                post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":\"str\"}", null));
        HttpResponse<String> noSession = post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", null);
        assertFalse(noSession.body().contains("stackTrace"), noSession.body());
        Json.MAPPER.readTree(noSession.body()).get("error").get("code").asInt();
        HttpResponse<String> unknown = post("/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", "nope");
        assertFalse(unknown.body().contains("stackTrace"), unknown.body());
        assertTrue(Json.MAPPER.readTree(unknown.body()).has("error"), unknown.body());
    }

    @Test
    void shouldRefuseToolArgumentsOfTheWrongType() throws Exception {
        var transport = HttpClientStreamableHttpTransport.builder("http://localhost:" + kb.port())
                .endpoint("/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .build();
        try (var client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build()) {
            client.initialize();
            for (Map<String, Object> arguments : List.<Map<String, Object>>of(
                    Map.of("query", 123),
                    Map.of("query", "ERR_QUUX", "k", "ten"),
                    Map.of("query", "ERR_QUUX", "k", 500),
                    Map.of("query", "ERR_QUUX", "tag", 7),
                    Map.of("query", "x".repeat(2001)))) {
                var result = client.callTool(new McpSchema.CallToolRequest("search_knowledge", arguments));
                assertTrue(result.isError(), arguments + " was accepted");
            }
            var lookup = client.callTool(new McpSchema.CallToolRequest("lookup_knowledge", Map.of("query", 12345)));
            assertTrue(lookup.isError());
            var fine = client.callTool(
                    new McpSchema.CallToolRequest("search_knowledge", Map.of("query", "ERR_QUUX", "k", 3)));
            assertFalse(fine.isError());
        }
    }

    @Test
    void shouldRefuseALookupBodyWhoseFieldsAreNotStrings() throws Exception {
        assertEquals(400, post("/api/v1/lookup", "{\"query\": 12345}", null).statusCode());
        assertEquals(400, post("/api/v1/lookup", "[\"ERR_QUUX\"]", null).statusCode());
        assertEquals(
                200, post("/api/v1/lookup", "{\"query\": \"ERR_QUUX\"}", null).statusCode());
    }
}
