package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.testkit.Multipart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The MCP tools beyond search through the official MCP SDK's client over streamable HTTP, on the real broker,
 * Elasticsearch and model: get_document, list_documents, index_status and save_note, each answering with
 * structuredContent, text and the index's state in _meta; and read-your-writes, a hundred notes saved and searched
 * back to back, and the HTTP upload's {@code wait}.
 */
class McpToolsEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    /** Every tool an MCP client is offered, sorted by name: the same behind every door (API, gateway, stdio). */
    static final List<String> TOOLS = List.of(
            "get_document", "index_status", "list_documents", "lookup_knowledge", "save_note", "search_knowledge");

    private static final String PAYMENTS =
            """
            ---
            title: Payments runbook
            tags: [ops/payments]
            ---
            # Payments
            Line five: restart the gringlewatt service.
            Line six: check the frobnicator queue.
            Line seven: page the on-call.
            """;
    private static final String OLD =
            "---\nstatus: live\n---\n# Old note\n\nThe wibbleton archive, kept for reference.\n";
    private static PipelineHarness kb;
    private static McpSyncClient client;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness().with("KB_MAX_FILE_BYTES", "4096");
        kb.write("runbooks/payments.md", PAYMENTS);
        kb.write("archive/old.md", OLD);
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("archive/old.md", "runbooks/payments.md")));
        var transport = HttpClientStreamableHttpTransport.builder("http://localhost:" + kb.port())
                .endpoint("/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .build();
        client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
    }

    @AfterAll
    static void stopPipeline() {
        if (client != null) {
            client.closeGracefully();
        }
        kb.close();
    }

    /** A successful call's structuredContent, checked to be what its text says and to carry the index's state. */
    static JsonNode call(McpSyncClient client, String tool, Map<String, Object> arguments) throws Exception {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        String text = ((McpSchema.TextContent) result.content().get(0)).text();
        assertFalse(Boolean.TRUE.equals(result.isError()), tool + " " + arguments + ": " + text);
        JsonNode structured = Json.MAPPER.valueToTree(result.structuredContent());
        assertEquals(Json.MAPPER.readTree(text), structured, "text and structuredContent say the same");
        assertTrue(structured.has("index"), structured.toString());
        assertEquals(
                structured.get("index"), Json.MAPPER.valueToTree(result.meta().get("index")), "index in _meta");
        return structured;
    }

    /** A failed call's message: a tool error the agent reads (isError), not a protocol error. */
    static String refused(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        assertTrue(Boolean.TRUE.equals(result.isError()), tool + " " + arguments + ": " + result);
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    @Test
    void shouldListEveryToolWithAnInputAndAnOutputSchema() {
        List<String> names = new ArrayList<>();
        for (McpSchema.Tool tool : client.listTools().tools()) {
            names.add(tool.name());
            assertTrue(tool.outputSchema() != null && !tool.outputSchema().isEmpty(), tool.name());
            assertTrue(tool.inputSchema().properties().containsKey("collection"), tool.name());
        }
        Collections.sort(names);
        assertEquals(TOOLS, names);
    }

    @Test
    void shouldReadADocumentWholeOrALineRangeWithItsCitation() throws Exception {
        JsonNode whole = call(client, "get_document", Map.of("path", "runbooks/payments.md"));
        assertEquals(PipelineHarness.COLLECTION, whole.get("collection").asText());
        assertEquals("Payments runbook", whole.get("title").asText());
        assertTrue(whole.get("text").asText().contains("gringlewatt"), whole.toString());
        assertTrue(whole.get("text").asText().contains("page the on-call"), whole.toString());

        JsonNode range = call(
                client,
                "get_document",
                Map.of("path", "runbooks/payments.md", "collection", PipelineHarness.COLLECTION, "start", 7, "end", 8));
        assertEquals("line", range.get("unit").asText(), range.toString());
        assertEquals("runbooks/payments.md:7-8", range.get("citation").asText(), range.toString());
        assertTrue(range.get("text").asText().contains("Line six"), range.toString());
        assertFalse(range.get("text").asText().contains("gringlewatt"), range.toString());

        assertTrue(refused(client, "get_document", Map.of("path", "runbooks/nowhere.md"))
                .contains("list_documents"));
        assertTrue(refused(client, "get_document", Map.of("path", "runbooks/payments.md", "collection", "nope"))
                .contains("nope"));
        assertTrue(refused(client, "get_document", Map.of()).contains("path"));
    }

    @Test
    void shouldListDocumentsByCategoryTagAndRecentChangeAPageAtATime() throws Exception {
        JsonNode all = call(client, "list_documents", Map.of("size", 1));
        assertTrue(all.get("total").asLong() >= 2, all.toString());
        assertEquals(1, all.get("documents").size(), all.toString());

        JsonNode second = call(client, "list_documents", Map.of("size", 1, "page", 1));
        assertEquals(1, second.get("page").asInt(), second.toString());
        assertNotEquals(paths(all), paths(second));
        JsonNode live = call(client, "list_documents", Map.of("where", List.of("status:live")));
        assertEquals(List.of("archive/old.md"), paths(live));
        JsonNode runbooks = call(client, "list_documents", Map.of("category", "runbooks"));
        assertEquals(List.of("runbooks/payments.md"), paths(runbooks));
        JsonNode tagged = call(client, "list_documents", Map.of("tag", List.of("ops")));
        assertEquals(List.of("runbooks/payments.md"), paths(tagged));

        kb.write("archive/old.md", OLD + "\nTouched again.\n");
        await().atMost(DEADLINE)
                .until(() -> paths(call(
                                        client,
                                        "list_documents",
                                        Map.of(
                                                "order",
                                                "recent",
                                                "collection",
                                                PipelineHarness.COLLECTION,
                                                "category",
                                                "archive")))
                                .equals(List.of("archive/old.md"))
                        && call(client, "list_documents", Map.of("order", "recent", "size", 1))
                                .get("documents")
                                .get(0)
                                .get("path")
                                .asText()
                                .equals("archive/old.md"));
        assertTrue(
                refused(client, "list_documents", Map.of("order", "sideways")).contains("order"));
        assertTrue(refused(client, "list_documents", Map.of("size", 0)).contains("size"));
    }

    @Test
    void shouldTellTheIndexStatusOfEveryCollectionOrOne() throws Exception {
        JsonNode status = call(client, "index_status", Map.of());
        assertTrue(status.get("ready").asBoolean(), status.toString());
        assertEquals("up", status.get("elasticsearch").asText(), status.toString());
        assertTrue(status.get("documents").asLong() >= 2, status.toString());
        assertEquals(
                PipelineHarness.COLLECTION,
                status.get("collections").get(0).get("name").asText());
        JsonNode one = call(client, "index_status", Map.of("collection", PipelineHarness.COLLECTION));
        assertEquals(1, one.get("collections").size(), one.toString());
        assertTrue(refused(client, "index_status", Map.of("collection", "nope")).contains("nope"));
    }

    @Test
    void shouldSaveANoteThroughTheUploadGuard() throws Exception {
        JsonNode saved = call(
                client, "save_note", Map.of("path", "inbox/first", "content", "# First\n\nThe quorple lives here.\n"));
        assertEquals("inbox/first.md", saved.get("path").asText(), saved.toString());
        assertTrue(saved.get("searchable").asBoolean(), saved.toString());
        assertEquals(
                "# First\n\nThe quorple lives here.\n",
                Files.readString(kb.kbDir().resolve("inbox/first.md")));

        assertTrue(refused(client, "save_note", Map.of("path", "inbox/first.md", "content", "again"))
                .contains("overwrite"));
        JsonNode replaced = call(
                client,
                "save_note",
                Map.of("path", "inbox/first.md", "content", "# First\n\nThe snargle now.\n", "overwrite", true));
        assertNotEquals(saved.get("contentHash"), replaced.get("contentHash"));
        JsonNode found = call(client, "search_knowledge", Map.of("query", "snargle"));
        assertEquals("inbox/first.md", PipelineHarness.paths(found).get(0), found.toString());

        JsonNode unwaited =
                call(client, "save_note", Map.of("path", "inbox/later.md", "content", "# Later\n", "wait", false));
        assertFalse(unwaited.has("searchable"), unwaited.toString());
        for (String escape : List.of("../escape.md", "/etc/passwd.md", "a/b/c.md", "inbox/x.exe")) {
            refused(client, "save_note", Map.of("path", escape, "content", "x"));
        }
        assertFalse(Files.exists(kb.kbDir().getParent().resolve("escape.md")));
        refused(client, "save_note", Map.of("path", "inbox/big.md", "content", "x".repeat(5000)));
    }

    @Test
    void shouldFindEveryNoteSavedAndSearchedBackToBackAHundredTimes() throws Exception {
        List<Long> saves = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        long start = System.nanoTime();
        for (int round = 0; round < 100; round++) {
            String word = uniqueWord(round);
            long saveStart = System.nanoTime();
            JsonNode saved = call(
                    client,
                    "save_note",
                    Map.of(
                            "path",
                            "rounds/round-" + round + ".md",
                            "content",
                            "# Round " + round + "\n\nThe " + word + " was written down in this round.\n"));
            saves.add((System.nanoTime() - saveStart) / 1_000_000);
            assertTrue(saved.get("searchable").asBoolean(), saved.toString());
            JsonNode found = call(client, "search_knowledge", Map.of("query", word));
            if (!PipelineHarness.paths(found).contains("rounds/round-" + round + ".md")) {
                missed.add(word + ": " + PipelineHarness.paths(found) + " " + found.get("index"));
            }
        }
        long total = (System.nanoTime() - start) / 1_000_000;
        Collections.sort(saves);
        System.out.printf(
                "[read-your-writes] 100 save_note(wait)+search_knowledge rounds in %d ms; save p50 %d ms, p95 %d"
                        + " ms, max %d ms; missed %d%n",
                total, saves.get(50), saves.get(95), saves.get(99), missed.size());
        assertEquals(List.of(), missed);
    }

    @Test
    void shouldAnswerAnUploadOnceSearchableWhenAskedToWait() throws Exception {
        String note = "# Waited\n\nThe blorptastic upload.\n";
        HttpResponse<String> waited = kb.send(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents?wait=true")),
                "uploads",
                "waited.md",
                note.getBytes(StandardCharsets.UTF_8)));
        assertEquals(200, waited.statusCode(), waited.body());
        JsonNode answer = Json.MAPPER.readTree(waited.body());
        assertTrue(answer.get("searchable").asBoolean(), waited.body());
        assertTrue(answer.has("index"), waited.body());
        assertEquals(List.of("uploads/waited.md"), PipelineHarness.paths(kb.search("blorptastic")));

        HttpResponse<String> accepted = kb.send(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents")),
                "uploads",
                "unwaited.md",
                "# Unwaited\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals(202, accepted.statusCode(), accepted.body());
        assertFalse(Json.MAPPER.readTree(accepted.body()).has("searchable"), accepted.body());
        HttpResponse<String> bad = kb.send(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents?wait=maybe")),
                "uploads",
                "bad.md",
                "x".getBytes(StandardCharsets.UTF_8)));
        assertEquals(400, bad.statusCode(), bad.body());
    }

    /** A word no other note holds: letters only, so every analyzer keeps it one token. */
    static String uniqueWord(int round) {
        StringBuilder word = new StringBuilder("zyq");
        for (int n = round + 26 * 26; n > 0; n /= 26) {
            word.append((char) ('a' + n % 26));
        }
        return word.append("vex").toString();
    }

    private static List<String> paths(JsonNode listing) {
        List<String> paths = new ArrayList<>();
        listing.get("documents").forEach(d -> paths.add(d.get("path").asText()));
        return paths;
    }
}
