package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every answer can be cited by its lines: search results, lookup, context and both MCP tools carry the lines of the
 * file as it is on disk, and an edit above a chunk moves them (real broker, Elasticsearch and model).
 */
class ChunkLinesEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String RUNBOOK =
            """
            ---
            title: Payments runbook
            keywords: [ERR_GLORP]
            ---
            # Payments runbook

            ## Timeouts

            ERR_GLORP means the zanzibarquux upstream timed out.
            Retry after thirty seconds.
            """;
    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        kb.write("ops/runbook.md", RUNBOOK);
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("ops/runbook.md")));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    private static List<Integer> lines(JsonNode location) {
        return List.of(location.get("start").asInt(), location.get("end").asInt());
    }

    /** The lines each way of asking cites for the zanzibarquux chunk: search, lookup, context, both MCP tools. */
    private static List<List<Integer>> cited() throws Exception {
        JsonNode search =
                kb.search("zanzibarquux").get("results").get(0).get("chunks").get(0);
        JsonNode lookup = kb.getJson("/api/v1/lookup?query=ERR_GLORP&section_title=Timeouts")
                .get("primary");
        JsonNode context =
                kb.getJson("/api/v1/context?q=zanzibarquux").get("documents").get(0);
        try (McpSyncClient client = mcp()) {
            client.initialize();
            JsonNode mcpSearch = callTool(client, "search_knowledge", Map.of("query", "zanzibarquux"));
            JsonNode mcpLookup =
                    callTool(client, "lookup_knowledge", Map.of("query", "ERR_GLORP", "section_title", "Timeouts"));
            return List.of(
                    lines(search.get("location")),
                    lines(lookup.get("locations").get(0)),
                    lines(context.get("locations").get(0)),
                    lines(mcpSearch.get("results").get(0).get("chunks").get(0).get("location")),
                    lines(mcpLookup.get("primary").get("locations").get(0)));
        }
    }

    private static McpSyncClient mcp() {
        var transport = HttpClientStreamableHttpTransport.builder("http://localhost:" + kb.port())
                .endpoint("/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .build();
        return McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build();
    }

    private static JsonNode callTool(McpSyncClient client, String tool, Map<String, Object> arguments)
            throws Exception {
        var result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        return Json.MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }

    @Test
    void shouldCiteTheLinesEverywhereAndMoveThemWhenASectionIsAddedAboveAnUnchangedChunk() throws Exception {
        assertEquals(Collections.nCopies(5, List.of(9, 10)), cited());

        kb.write("ops/runbook.md", RUNBOOK.replace("## Timeouts\n", "## Intro\n\nA new line above.\n\n## Timeouts\n"));
        await().atMost(DEADLINE).until(() -> lines(kb.search("zanzibarquux")
                        .get("results")
                        .get(0)
                        .get("chunks")
                        .get(0)
                        .get("location"))
                .equals(List.of(13, 14)));
        assertEquals(Collections.nCopies(5, List.of(13, 14)), cited());
    }
}
