package kb.query.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.query.api.Arguments;
import kb.query.config.FusionMethod;
import kb.query.errors.BadRequestException;
import kb.query.search.SearchOptions;
import kb.query.search.SearchRequest;
import org.junit.jupiter.api.Test;

/** The MCP door: messages refused before the SDK reads them, and search arguments parsed into a SearchRequest. */
class McpRequestTest {

    private static Optional<ObjectNode> refusal(String body) {
        return McpMessages.refusal(body.getBytes(StandardCharsets.UTF_8));
    }

    private static int code(ObjectNode refusal) {
        return refusal.get("error").get("code").asInt();
    }

    @Test
    void shouldRefuseToolArgumentsThatAreNotAnObjectAsInvalidParams() {
        ObjectNode refused = refusal(
                        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"search_knowledge\","
                                + "\"arguments\":\"gitlab\"}}")
                .orElseThrow();
        assertEquals(McpMessages.INVALID_PARAMS, code(refused));
        assertEquals(7, refused.get("id").asInt());
        assertEquals(
                "arguments must be an object",
                refused.get("error").get("message").asText());
        assertTrue(refusal("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"arguments\":[1]}}")
                .isPresent());
    }

    @Test
    void shouldPassToolArgumentsThatAreAnObjectOrAbsent() {
        assertEquals(
                Optional.empty(),
                refusal("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"x\","
                        + "\"arguments\":{\"query\":\"q\"}}}"));
        assertEquals(
                Optional.empty(), refusal("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{}}"));
        assertEquals(
                Optional.empty(),
                refusal("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"arguments\":null}}"));
    }

    @Test
    void shouldRefuseMalformedMessagesWithTheirJsonRpcCodes() {
        assertEquals(McpMessages.PARSE_ERROR, code(refusal("{not json").orElseThrow()));
        assertEquals(
                McpMessages.INVALID_REQUEST,
                code(refusal("[{\"jsonrpc\":\"2.0\"}]").orElseThrow()));
        assertEquals(McpMessages.INVALID_REQUEST, code(refusal("\"text\"").orElseThrow()));
        assertEquals(
                McpMessages.INVALID_PARAMS,
                code(refusal("{\"id\":1,\"params\":3}").orElseThrow()));
    }

    @Test
    void shouldParseASearchAsTheHttpDoorDoesWithItsDefaults() {
        SearchRequest request = new Arguments(Map.of("query", "  install gitlab  ")).searchRequest();
        assertEquals("install gitlab", request.question().asked());
        assertEquals(SearchRequest.DEFAULT_K, request.k());
        assertEquals(SearchOptions.SERVED, request.options());
        assertTrue(request.scope().isAll());
    }

    @Test
    void shouldTakeKWithinTheSameLimitsAsHttp() {
        assertEquals(
                100,
                new Arguments(Map.of("query", "q", "k", 100)).searchRequest().k());
        assertEquals(
                1, new Arguments(Map.of("query", "q", "k", 1L)).searchRequest().k());
        for (Object k : List.of(0, 101, "5", 2.5)) {
            BadRequestException refused = assertThrows(
                    BadRequestException.class, () -> new Arguments(Map.of("query", "q", "k", k)).searchRequest());
            assertEquals(SearchRequest.K_RULE, refused.getMessage());
        }
    }

    @Test
    void shouldRefuseAMissingQueryOrMistypedFilters() {
        assertThrows(BadRequestException.class, () -> new Arguments(Map.of("k", 3)).searchRequest());
        assertThrows(BadRequestException.class, () -> new Arguments(null).searchRequest());
        Map<String, Object> tags = new HashMap<>();
        tags.put("query", "q");
        tags.put("tag", List.of(1, 2));
        assertThrows(BadRequestException.class, () -> new Arguments(tags).searchRequest());
        assertThrows(
                BadRequestException.class, () -> new Arguments(Map.of("query", "q", "collection", 3)).searchRequest());
    }

    @Test
    void shouldReadTheFiltersIntoTheScope() {
        SearchRequest request =
                new Arguments(Map.of("query", "q", "collection", "home", "tag", "area")).searchRequest();
        assertEquals(false, request.scope().isAll());
    }

    @Test
    void shouldDescribeTheFusionInForce() {
        assertTrue(McpTools.searchDescription(FusionMethod.EVIDENCE).contains("evidence"));
        assertTrue(!McpTools.searchDescription(FusionMethod.EVIDENCE).contains("RRF"));
        assertTrue(McpTools.searchDescription(FusionMethod.RRF).contains("reciprocal rank fusion"));
        assertTrue(McpTools.searchDescription(FusionMethod.CONVEX).contains("convex"));
    }

    @Test
    void shouldDeclareTheLimitsInTheToolsSchema() throws Exception {
        var schema = kb.core.Json.MAPPER.readTree(McpTools.searchSchema());
        var k = schema.get("properties").get("k");
        assertEquals(SearchRequest.MIN_K, k.get("minimum").asInt());
        assertEquals(SearchRequest.MAX_K, k.get("maximum").asInt());
        assertEquals(SearchRequest.DEFAULT_K, k.get("default").asInt());
    }

    @Test
    void shouldTakeDebugAsABooleanFalseWhenAbsent() {
        assertEquals(false, new Arguments(Map.of("query", "q")).debug());
        assertEquals(false, new Arguments(null).debug());
        assertEquals(true, new Arguments(Map.of("query", "q", "debug", true)).debug());
        assertThrows(BadRequestException.class, () -> new Arguments(Map.of("debug", "yes")).debug());
    }

    @Test
    void shouldAnswerStructuredContentAndTheSameJsonAsText() throws Exception {
        var result = ToolResults.json(Map.of("found", true, "results", List.of()), Map.of());
        String text = ((io.modelcontextprotocol.spec.McpSchema.TextContent)
                        result.content().get(0))
                .text();
        assertEquals(kb.core.Json.MAPPER.valueToTree(result.structuredContent()), kb.core.Json.MAPPER.readTree(text));
        assertEquals(false, result.isError());
    }

    @Test
    void shouldDeclareAnOutputSchemaThatRequiresTheIndexStateForEveryTool() throws Exception {
        for (String schema : McpTools.outputSchemas().values()) {
            var output = kb.core.Json.MAPPER.readTree(schema);
            assertEquals("object", output.get("type").asText());
            assertTrue(output.get("required").toString().contains("\"index\""), schema);
        }
        assertTrue(McpTools.LOOKUP_DESCRIPTION.contains("exact keyword match first"));
    }
}
