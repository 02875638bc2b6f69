package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.core.Ids;
import kb.core.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A small Obsidian-style vault through the real broker, Elasticsearch and model: tag and property filters on
 * every arm (L0 included), titles and aliases as exact hits, and backlinks that follow edits and deletes.
 */
class NotesEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String ALPHA =
            """
            ---
            title: Alpha runbook
            tags: [ops/db, quuxtag]
            aliases: [alpha-rb]
            status: draft
            ---
            The flibbertigibbet rotation for the primary database. See [[Beta]] and [[Nowhere]].
            """;
    private static final String BETA =
            """
            ---
            title: Beta notes
            tags: ops
            status: final
            ---
            The flibbertigibbet rotation, second edition. #quuxtag
            """;
    private static final String GAMMA = "# Gamma\n\nThe flibbertigibbet rotation without tags.\n";
    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        kb.write("vault/alpha.md", ALPHA);
        kb.write("vault/beta.md", BETA);
        kb.write("vault/gamma.md", GAMMA);
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("vault/alpha.md", "vault/beta.md", "vault/gamma.md")));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    private static String id(String path) {
        return Ids.docId(PipelineHarness.COLLECTION, path);
    }

    private static List<String> paths(String query, String params) throws Exception {
        return PipelineHarness.paths(kb.search(query, params)).stream().sorted().toList();
    }

    @Test
    void shouldFilterEveryArmByTagAndProperty() throws Exception {
        String question = "flibbertigibbet rotation";
        for (String arms : List.of("", "&arms=bm25&gate=false", "&arms=vector&gate=false")) {
            assertEquals(List.of("vault/alpha.md", "vault/beta.md"), paths(question, "&tag=ops" + arms), arms);
            assertEquals(List.of("vault/alpha.md"), paths(question, "&tag=ops%2Fdb" + arms), arms);
            assertEquals(List.of("vault/beta.md"), paths(question, "&where=status:Final" + arms), arms);
            assertEquals(
                    List.of("vault/beta.md"), paths(question, "&tag=ops&tag=quuxtag&where=status:final" + arms), arms);
        }
        assertEquals(3, paths(question, "").size());
    }

    @Test
    void shouldFilterTheExactTierLookupContextAndListing() throws Exception {
        JsonNode unfiltered = kb.lookup("quuxtag");
        assertEquals("exact_L0", unfiltered.get("primary").get("matchType").asText(), unfiltered.toString());
        JsonNode filtered = kb.getJson("/api/v1/lookup?query=quuxtag&where=status%3Afinal");
        assertEquals("vault/beta.md", filtered.get("primary").get("source").asText(), filtered.toString());
        JsonNode draft = kb.getJson("/api/v1/lookup?query=quuxtag&where=status%3Adraft");
        assertEquals("vault/alpha.md", draft.get("primary").get("source").asText(), draft.toString());
        JsonNode context = kb.getJson("/api/v1/context?q=flibbertigibbet&tag=ops%2Fdb");
        assertEquals(1, context.get("documents").size(), context.toString());
        List<String> listed = new ArrayList<>();
        kb.getJson("/api/v1/documents?tag=ops")
                .get("documents")
                .forEach(d -> listed.add(d.get("path").asText()));
        assertEquals(List.of("vault/alpha.md", "vault/beta.md"), listed);
        HttpResponse<String> bad = kb.request("/api/v1/search?q=x&where=nocolon");
        assertEquals(400, bad.statusCode(), bad.body());
    }

    @Test
    void shouldFilterBothMcpToolsAndDescribeTheFilters() throws Exception {
        var mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        var transport = HttpClientStreamableHttpTransport.builder("http://localhost:" + kb.port())
                .endpoint("/mcp")
                .jsonMapper(mapper)
                .build();
        try (var client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build()) {
            client.initialize();
            for (McpSchema.Tool tool : client.listTools().tools().stream()
                    .filter(t -> t.name().endsWith("_knowledge") || t.name().equals("list_documents"))
                    .toList()) {
                assertTrue(tool.inputSchema().properties().containsKey("tag"), tool.name());
                assertTrue(tool.inputSchema().properties().containsKey("where"), tool.name());
            }
            JsonNode search = callTool(
                    client,
                    "search_knowledge",
                    Map.of(
                            "query",
                            "flibbertigibbet rotation",
                            "tag",
                            List.of("ops"),
                            "where",
                            List.of("status:draft")));
            assertEquals(List.of("vault/alpha.md"), PipelineHarness.paths(search));
            JsonNode lookup = callTool(client, "lookup_knowledge", Map.of("query", "quuxtag", "where", "status:final"));
            assertEquals("vault/beta.md", lookup.get("primary").get("source").asText(), lookup.toString());
        }
    }

    private static JsonNode callTool(McpSyncClient client, String tool, Map<String, Object> arguments)
            throws Exception {
        var result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        return Json.MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }

    @Test
    void shouldAnswerATitleOrAnAliasExactly() throws Exception {
        for (String name : List.of("Alpha runbook", "alpha-rb")) {
            JsonNode lookup = kb.lookup(name);
            assertEquals("vault/alpha.md", lookup.get("primary").get("source").asText(), name + ": " + lookup);
        }
        JsonNode search = kb.search("alpha-rb");
        assertEquals("vault/alpha.md", search.get("results").get(0).get("path").asText());
        assertTrue(search.get("results").get(0).get("tags").toString().contains("ops/db"), search.toString());
    }

    @Test
    void shouldShowLinksAndBacklinksThatFollowEditsAndDeletes() throws Exception {
        JsonNode alpha = kb.getJson("/api/v1/documents/" + id("vault/alpha.md"));
        JsonNode links = alpha.get("links");
        assertEquals(id("vault/beta.md"), links.get(0).get("docId").asText(), alpha.toString());
        assertTrue(links.get(1).get("docId").isNull(), "Nowhere is unresolved");
        assertFalse(alpha.get("content").asText().isEmpty());
        await().atMost(DEADLINE).until(() -> backlinks("vault/beta.md").equals(List.of("vault/alpha.md")));

        kb.write("vault/nowhere.md", "# Nowhere\n\nNow it exists.\n");
        await().atMost(DEADLINE).until(() -> backlinks("vault/nowhere.md").equals(List.of("vault/alpha.md")));
        kb.write("vault/alpha.md", ALPHA.replace("See [[Beta]] and", "See"));
        await().atMost(DEADLINE).until(() -> backlinks("vault/beta.md").isEmpty());
        kb.delete("vault/alpha.md");
        await().atMost(DEADLINE).until(() -> backlinks("vault/nowhere.md").isEmpty());
        kb.write("vault/alpha.md", ALPHA);
        await().atMost(DEADLINE).until(() -> backlinks("vault/beta.md").equals(List.of("vault/alpha.md")));
    }

    private static List<String> backlinks(String path) throws Exception {
        HttpResponse<String> response =
                kb.request("/api/v1/documents/" + URLEncoder.encode(id(path), StandardCharsets.UTF_8));
        List<String> paths = new ArrayList<>();
        if (response.statusCode() == 200) {
            Json.MAPPER
                    .readTree(response.body())
                    .get("backlinks")
                    .forEach(b -> paths.add(b.get("path").asText()));
        }
        return paths;
    }
}
