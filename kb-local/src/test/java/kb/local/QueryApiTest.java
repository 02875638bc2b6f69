package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.core.runtime.Metrics;
import kb.core.settings.Settings;
import kb.query.ApiHost;
import kb.query.QueryService;
import kb.query.config.QueryConfig;
import kb.search.es.EsClients;
import kb.testkit.Multipart;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The query API through HTTP against the real pipeline: L0, lookup contract, context, documents API. */
class QueryApiTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String TOKEN = "s3cret-token";
    static final String LONG_BODY = "Timeouts are retried once. ".repeat(100);
    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness().with("KB_API_TOKEN", TOKEN).with("KB_MAX_FILE_BYTES", "4096");
        kb.write(
                "payments/error-codes.md",
                "---\ntitle: 支付网关错误码定义\nkeywords: [ERR_TIMEOUT, 超时, 支付网关]\n" + "summary: error codes\n---\n# 错误码\n\n"
                        + LONG_BODY);
        kb.write(
                "docker/compose.md",
                "---\ntitle: Compose notes\nkeywords: [docker]\n---\nCompose files live in /srv/compose.\n");
        kb.write(
                "docker/tips.md",
                "---\ntitle: Docker Tips\nkeywords: [docker]\n---\ndbash() { docker exec -it $1 bash; }\n");
        kb.write("kafka/bridge.md", "# Cluster link\n\nThe kafkabridge service mirrors topics between clusters.\n");
        kb.start();
        await().atMost(DEADLINE)
                .until(() -> kb.indexed(
                        List.of("docker/compose.md", "docker/tips.md", "kafka/bridge.md", "payments/error-codes.md")));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    @Test
    void shouldAnswerOneL0HitExactlyWithTheDocumentsFirst2000CharactersWithoutFrontmatter() throws Exception {
        JsonNode answer = answerOnly(kb.lookup("ERR_TIMEOUT"));
        assertEquals(
                Json.MAPPER.readTree(
                        """
                {"found": true, "primary": {"content": %s, "source": "payments/error-codes.md", "collection": "notes",
                 "matchType": "exact_L0", "confidence": "high", "availableSections": ["错误码"],
                 "locations": [{"unit": "line", "start": %d, "end": %d}]}, "supplement": null}"""
                                .formatted(
                                        Json.MAPPER.writeValueAsString(expectedPreview()),
                                        expectedStartLine(),
                                        expectedStartLine()
                                                + newlines(expectedPreview()
                                                        .substring(0, 2000)
                                                        .stripTrailing()))),
                answer);
        assertEquals(answer, answerOnly(kb.lookup("err_timeout")));
        assertEquals(
                "payments/error-codes.md",
                kb.lookup("支付网关超时问题").get("primary").get("source").asText());
        assertEquals(
                "payments/error-codes.md",
                kb.lookup("支付").get("primary").get("source").asText());
        assertTrue(kb.lookup("限流").get("primary").isNull());
    }

    /** The answer without the index's state, which moves with every look the status takes. */
    private static JsonNode answerOnly(JsonNode answer) {
        return answer.deepCopy() instanceof ObjectNode object ? object.without("index") : answer;
    }

    /** The line the content without frontmatter starts at: the heading after the block. */
    private static int expectedStartLine() throws Exception {
        String content = Files.readString(kb.kbDir().resolve("payments/error-codes.md"));
        return (int) content.substring(0, content.indexOf("# 错误码"))
                        .chars()
                        .filter(c -> c == '\n')
                        .count()
                + 1;
    }

    private static int newlines(String text) {
        return (int) text.chars().filter(c -> c == '\n').count();
    }

    private static String expectedPreview() throws Exception {
        String content = Files.readString(kb.kbDir().resolve("payments/error-codes.md"));
        String body = content.substring(content.indexOf("# 错误码"));
        return body.substring(0, 2000) + "...";
    }

    @Test
    void shouldAnswerSeveralL0HitsWithTheMostRelevantFirstAndASemanticSupplement() throws Exception {
        JsonNode answer = kb.lookup("docker exec bash");
        assertTrue(answer.get("found").asBoolean());
        assertEquals("docker/tips.md", answer.get("primary").get("source").asText());
        assertEquals("low", answer.get("primary").get("confidence").asText());
        assertEquals("semantic_L1", answer.get("supplement").get("matchType").asText());
        assertTrue(answer.get("supplement").get("source").asText().startsWith("docker/"));
    }

    @Test
    void shouldSupplementFromL1WithoutL0AndSayNothingForOffTopic() throws Exception {
        JsonNode answer = kb.lookup("kafkabridge");
        assertTrue(answer.get("primary").isNull());
        assertEquals("kafka/bridge.md", answer.get("supplement").get("source").asText());
        assertEquals(
                Json.MAPPER.readTree("{\"found\": false, \"primary\": null, \"supplement\": null}"),
                answerOnly(kb.lookup("sourdough starter")));
        HttpResponse<String> post = kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/lookup"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"kafkabridge\", \"section_title\": \"x\"}")));
        assertEquals(answerOnly(answer), answerOnly(Json.MAPPER.readTree(post.body())));
        assertEquals(400, kb.request("/api/v1/lookup?query=%20").statusCode());
        assertEquals(
                400,
                kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/lookup"))
                                .POST(HttpRequest.BodyPublishers.ofString("{}")))
                        .statusCode());
    }

    @Test
    void shouldMarkWhichArmsMatchedAndGiveContextWithinTheCap() throws Exception {
        JsonNode search = kb.search("ERR_TIMEOUT");
        JsonNode top = search.get("results").get(0);
        assertEquals("payments/error-codes.md", top.get("path").asText());
        assertTrue(top.get("matchedBy").toString().contains("L0"));
        JsonNode context = kb.getJson("/api/v1/context?q=ERR_TIMEOUT");
        assertTrue(context.get("found").asBoolean());
        assertEquals(
                "payments/error-codes.md",
                context.get("documents").get(0).get("source").asText());
        assertTrue(context.get("documents").get(0).get("content").asText().endsWith(LONG_BODY));
        assertTrue(context.get("totalChars").asInt() <= 24_000);
        JsonNode deflected = kb.search("sourdough starter");
        assertFalse(deflected.get("found").asBoolean());
        assertEquals(0, deflected.get("results").size());
        assertTrue(deflected.get("suggestions").size() >= 2, deflected.toString());
    }

    @Test
    void shouldUploadThenDeleteADocumentThroughTheWatcher() throws Exception {
        HttpResponse<String> unauthorized = kb.send(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents")),
                "howto",
                "plumbus.md",
                "x".getBytes(StandardCharsets.UTF_8)));
        assertEquals(401, unauthorized.statusCode());
        String note = "---\ntitle: Plumbus Care\nkeywords: [plumbus]\n---\nRub the fleeb with grumbo oil.\n";
        HttpResponse<String> accepted = kb.send(authorized(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents")),
                "howto",
                "plumbus.md",
                note.getBytes(StandardCharsets.UTF_8))));
        assertEquals(202, accepted.statusCode(), accepted.body());
        String docId = Json.MAPPER.readTree(accepted.body()).get("docId").asText();
        assertEquals(note, Files.readString(kb.kbDir().resolve("howto/plumbus.md")));
        await().atMost(DEADLINE)
                .until(() -> kb.lookup("plumbus").get("found").asBoolean()
                        && PipelineHarness.paths(kb.search("grumbo")).contains("howto/plumbus.md"));
        assertEquals(
                "Plumbus Care",
                kb.getJson("/api/v1/documents/" + docId).get("title").asText());

        HttpResponse<String> deleted = kb.send(authorized(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents/" + docId)).DELETE()));
        assertEquals(202, deleted.statusCode());
        assertFalse(Files.exists(kb.kbDir().resolve("howto/plumbus.md")));
        await().atMost(DEADLINE)
                .until(() -> !kb.lookup("plumbus").get("found").asBoolean()
                        && !PipelineHarness.paths(kb.search("grumbo")).contains("howto/plumbus.md")
                        && !PipelineHarness.paths(kb.search("fleeb oil plumbus care"))
                                .contains("howto/plumbus.md"));
        assertEquals(404, kb.request("/api/v1/documents/" + docId).statusCode());
    }

    @Test
    void shouldRejectUnsafeOrInvalidUploadsAndWriteNothing() throws Exception {
        Map<String, Integer> attempts = Map.of(
                "../escape|ok.md",
                400,
                "ok|../../etc.md",
                400,
                ".hidden|ok.md",
                400,
                "ok|.hidden.md",
                400,
                "a/b|ok.md",
                400,
                "ok|evil\u0000.md",
                400,
                "ok|tool.exe",
                415,
                "ok|big.md",
                413);
        for (var attempt : attempts.entrySet()) {
            String[] parts = attempt.getKey().split("\\|");
            byte[] content = parts[1].equals("big.md") ? new byte[5000] : "x".getBytes(StandardCharsets.UTF_8);
            HttpResponse<String> response = kb.send(authorized(Multipart.upload(
                    HttpRequest.newBuilder(kb.uri("/api/v1/documents")), parts[0], parts[1], content)));
            assertEquals(attempt.getValue(), response.statusCode(), attempt.getKey() + ": " + response.body());
            assertTrue(Json.MAPPER.readTree(response.body()).has("error"));
        }
        try (var files = Files.walk(kb.kbDir())) {
            assertEquals(4, files.filter(Files::isRegularFile).count(), "nothing was written");
        }
        assertFalse(Files.exists(kb.kbDir().getParent().resolve("escape")));
    }

    @Test
    void shouldPublishEveryQueryOnTheQueryLog() throws Exception {
        kb.search("query log probe");
        try (TopicReader log =
                new TopicReader(SharedInfrastructure.get().bootstrapServers(), kb.prefix() + ".query-log")) {
            await().atMost(DEADLINE).until(() -> log.records().stream()
                    .anyMatch(r -> new String(r.value(), StandardCharsets.UTF_8).contains("query log probe")));
            JsonNode event = Json.MAPPER.readTree(log.records().stream()
                    .filter(r -> new String(r.value(), StandardCharsets.UTF_8).contains("query log probe"))
                    .findFirst()
                    .orElseThrow()
                    .value());
            assertEquals("/api/v1/search", event.get("route").asText());
            assertTrue(event.has("bestCosine") && event.has("latencyMs") && event.has("found"));
        }
    }

    @Test
    void shouldSaveANoteOverMcpOnlyWithTheTokenWhenOneIsSet() throws Exception {
        Map<String, Object> note = Map.of("path", "inbox/token.md", "content", "# Token\n\nThe zibbleflax note.\n");
        try (var anonymous = mcpClient(null)) {
            anonymous.initialize();
            org.junit.jupiter.api.Assertions.assertThrows(
                    RuntimeException.class,
                    () -> anonymous.callTool(
                            new io.modelcontextprotocol.spec.McpSchema.CallToolRequest("save_note", note)));
        }
        assertFalse(Files.exists(kb.kbDir().resolve("inbox/token.md")), "nothing written without the token");
        try (var authorized = mcpClient(TOKEN)) {
            authorized.initialize();
            JsonNode saved = McpToolsEndToEndTest.call(authorized, "save_note", note);
            assertTrue(saved.get("searchable").asBoolean(), saved.toString());
        }
        Files.delete(kb.kbDir().resolve("inbox/token.md")); // the other tests count the folder's files
    }

    private static io.modelcontextprotocol.client.McpSyncClient mcpClient(String token) {
        var transport = io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport.builder(
                        "http://localhost:" + kb.port())
                .endpoint("/mcp")
                .jsonMapper(new io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper(
                        new com.fasterxml.jackson.databind.ObjectMapper()))
                .requestBuilder(
                        token == null
                                ? HttpRequest.newBuilder()
                                : HttpRequest.newBuilder().header("Authorization", "Bearer " + token))
                .build();
        return io.modelcontextprotocol.client.McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .build();
    }

    @Test
    void shouldServeTheToolsOverMcpWithTheSameContract() throws Exception {
        var mapper = new io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper(
                new com.fasterxml.jackson.databind.ObjectMapper());
        var transport = io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport.builder(
                        "http://localhost:" + kb.port())
                .endpoint("/mcp")
                .jsonMapper(mapper)
                .build();
        try (var client = io.modelcontextprotocol.client.McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .build()) {
            client.initialize();
            var tools = client.listTools().tools();
            assertEquals(
                    McpToolsEndToEndTest.TOOLS,
                    tools.stream()
                            .map(io.modelcontextprotocol.spec.McpSchema.Tool::name)
                            .sorted()
                            .toList());
            var lookupTool = tools.stream()
                    .filter(t -> t.name().equals("lookup_knowledge"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(List.of("query"), lookupTool.inputSchema().required());
            assertTrue(lookupTool.inputSchema().properties().containsKey("section_title"));
            assertTrue(lookupTool.description().contains("exact keyword match first"));

            var result = client.callTool(new io.modelcontextprotocol.spec.McpSchema.CallToolRequest(
                    "lookup_knowledge", Map.of("query", "ERR_TIMEOUT")));
            String text = ((io.modelcontextprotocol.spec.McpSchema.TextContent)
                            result.content().get(0))
                    .text();
            assertEquals(answerOnly(kb.lookup("ERR_TIMEOUT")), answerOnly(Json.MAPPER.readTree(text)));
            assertTrue(Json.MAPPER.readTree(text).has("index"), "the tool's answer carries the index's state too");

            var search = client.callTool(new io.modelcontextprotocol.spec.McpSchema.CallToolRequest(
                    "search_knowledge", Map.of("query", "kafkabridge", "k", 3)));
            JsonNode hits = Json.MAPPER.readTree(((io.modelcontextprotocol.spec.McpSchema.TextContent)
                            search.content().get(0))
                    .text());
            assertEquals(
                    "kafka/bridge.md", hits.get("results").get(0).get("path").asText());
        }
    }

    @Test
    void shouldAnswerFromL0WhenElasticsearchIsUnreachable() throws Exception {
        var settings = new Settings(Map.of(
                "KB_KAFKA_BOOTSTRAP",
                SharedInfrastructure.get().bootstrapServers(),
                "KB_TOPIC_PREFIX",
                kb.prefix() + ".",
                "KB_INDEX_PREFIX",
                kb.prefix(),
                "KB_ES_URL",
                "http://127.0.0.1:9",
                "KB_API_PORT",
                "0"));
        var config = QueryConfig.from(settings);
        var client = EsClients.create(config.elasticsearch().url());
        try (var api = new QueryService(
                        config,
                        client,
                        SharedInfrastructure.embeddings(),
                        Metrics.newRegistry(),
                        ApiHost.standalone(java.util.Set.of("md"), () -> true))
                .start()) {
            assertTrue(api.awaitL0(DEADLINE));
            var http = java.net.http.HttpClient.newHttpClient();
            String base = "http://localhost:" + api.port();
            HttpResponse<String> lookup = http.send(
                    HttpRequest.newBuilder(java.net.URI.create(base + "/api/v1/lookup?query=ERR_TIMEOUT"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, lookup.statusCode());
            assertEquals(
                    "l1-unavailable",
                    lookup.headers().firstValue("X-KB-Degraded").orElse(""));
            JsonNode answer = Json.MAPPER.readTree(lookup.body());
            assertEquals(
                    "payments/error-codes.md",
                    answer.get("primary").get("source").asText());
            assertEquals("支付网关错误码定义", answer.get("primary").get("content").asText());
            JsonNode health = Json.MAPPER.readTree(http.send(
                            HttpRequest.newBuilder(java.net.URI.create(base + "/health"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body());
            assertEquals("unavailable", health.get("details").get("l1").asText());
            assertEquals("ready", health.get("details").get("l0").asText());
            JsonNode search = Json.MAPPER.readTree(http.send(
                            HttpRequest.newBuilder(java.net.URI.create(base + "/api/v1/search?q=ERR_TIMEOUT"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body());
            assertFalse(search.get("gate").get("l1Available").asBoolean());
            assertEquals(
                    "payments/error-codes.md",
                    search.get("results").get(0).get("path").asText());
        } finally {
            client._transport().close();
        }
    }

    @Test
    void shouldReindexOnDemandAndKeepAnswering() throws Exception {
        assertEquals(
                401,
                kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/reindex")).POST(HttpRequest.BodyPublishers.noBody()))
                        .statusCode());
        HttpResponse<String> started = kb.send(authorized(
                HttpRequest.newBuilder(kb.uri("/api/v1/reindex")).POST(HttpRequest.BodyPublishers.noBody())));
        assertEquals(202, started.statusCode(), started.body());
        String id = Json.MAPPER.readTree(started.body()).get("id").asText();
        await().atMost(DEADLINE).until(() -> {
            assertEquals(
                    "kafka/bridge.md",
                    PipelineHarness.paths(kb.search("kafkabridge")).get(0));
            return kb.getJson("/api/v1/reindex/" + id).get("state").asText().equals("DONE");
        });
        assertTrue(kb.getJson("/api/v1/reindex/" + id).get("documentsDone").asLong() >= 4);
        assertEquals(404, kb.request("/api/v1/reindex/no-such-job").statusCode());
    }

    private static HttpRequest.Builder authorized(HttpRequest.Builder builder) {
        return builder.header("Authorization", "Bearer " + TOKEN);
    }
}
