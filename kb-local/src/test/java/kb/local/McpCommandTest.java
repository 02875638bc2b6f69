package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kb.core.Json;
import kb.infra.DataFolderLock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code kb mcp} as an MCP client launches it: a process speaking over stdin and stdout (the official SDK's stdio
 * client), forwarding to the kb that the data folder's lock file names, two copies at once sharing its index; and,
 * with no kb running, an answer that says how to start one, with nothing but JSON-RPC on stdout.
 */
class McpCommandTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static PipelineHarness kb;
    private static DataFolderLock lock;
    private static Path data;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        kb.write("runbooks/deploy.md", "# Deploy\n\nRoll out with the flumpington switch.\n");
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("runbooks/deploy.md")));
        // The data folder as `kb up` leaves it while it runs: locked, naming this process and the API's address.
        data = Files.createTempDirectory("kb-mcp-data-");
        lock = DataFolderLock.acquire(data);
        lock.advertise("http://0.0.0.0:" + kb.port());
    }

    @AfterAll
    static void stopPipeline() {
        if (lock != null) {
            lock.close();
        }
        kb.close();
    }

    private static List<String> command(Path dataDir) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(
                java,
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                KbMain.class.getName(),
                "mcp",
                "--data",
                dataDir.toString());
    }

    private static McpSyncClient client(Path dataDir) {
        List<String> command = command(dataDir);
        var transport = new StdioClientTransport(
                ServerParameters.builder(command.get(0))
                        .args(command.subList(1, command.size()))
                        .build(),
                new JacksonMcpJsonMapper(new ObjectMapper()));
        transport.setStdErrorHandler(line -> System.err.println("[kb mcp] " + line));
        return McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(120))
                .build();
    }

    @Test
    void shouldShareOneIndexBetweenTwoClientCopiesWhenAKbRuns() throws Exception {
        try (McpSyncClient writer = client(data);
                McpSyncClient reader = client(data)) {
            writer.initialize();
            reader.initialize();
            assertEquals(6, writer.listTools().tools().size());
            assertEquals(6, reader.listTools().tools().size());

            JsonNode saved = shown(
                    writer,
                    "save_note",
                    Map.of("path", "inbox/stdio.md", "content", "# Stdio\n\nThe plonkavore came through stdio.\n"));
            assertTrue(saved.get("searchable").asBoolean(), saved.toString());
            JsonNode found = shown(reader, "search_knowledge", Map.of("query", "plonkavore"));
            assertEquals("inbox/stdio.md", PipelineHarness.paths(found).get(0), found.toString());
            JsonNode read = shown(reader, "get_document", Map.of("path", "inbox/stdio.md"));
            assertTrue(read.get("text").asText().contains("plonkavore"), read.toString());
            JsonNode listed = shown(writer, "list_documents", Map.of("category", "inbox"));
            assertEquals(1, listed.get("total").asLong(), listed.toString());
            JsonNode status = shown(writer, "index_status", Map.of());
            assertTrue(status.get("documents").asLong() >= 2, status.toString());
            McpToolsEndToEndTest.refused(reader, "save_note", Map.of("path", "../out.md", "content", "x"));
            assertFalse(Files.exists(kb.kbDir().getParent().resolve("out.md")));
        }
    }

    @Test
    void shouldSayHowToStartAKbWhenNoneRuns() throws Exception {
        Path empty = Files.createTempDirectory("kb-mcp-none-");
        try (McpSyncClient client = client(empty)) {
            Exception refused = assertThrows(Exception.class, client::initialize);
            assertTrue(messages(refused).contains("kb up --dir"), messages(refused));
        }
        Process process = new ProcessBuilder(command(empty))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS), "kb mcp ends with its input");
        List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .toList();
        assertEquals(2, lines.size(), "one answer per request, nothing else on stdout: " + lines);
        for (String line : lines) {
            JsonNode answer = Json.MAPPER.readTree(line);
            assertEquals("2.0", answer.get("jsonrpc").asText(), line);
            assertTrue(answer.path("error").path("message").asText().contains("kb up --dir"), line);
        }
        assertEquals(0, process.exitValue());
        assertFalse(Files.exists(empty.resolve("kb.lock")), "kb mcp never takes the data folder");
    }

    /** A call's answer, printed as the example the docs show. */
    private static JsonNode shown(McpSyncClient client, String tool, Map<String, Object> arguments) throws Exception {
        JsonNode answer = McpToolsEndToEndTest.call(client, tool, arguments);
        System.out.println(
                "[kb mcp example] " + tool + " " + Json.MAPPER.writeValueAsString(arguments) + " -> " + answer);
        return answer;
    }

    private static String messages(Throwable error) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = error; t != null; t = t.getCause()) {
            text.append(t.getMessage()).append(" | ");
        }
        return text.toString();
    }
}
