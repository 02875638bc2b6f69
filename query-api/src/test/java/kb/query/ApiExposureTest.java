package kb.query;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.core.Json;
import kb.testkit.Multipart;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Safe by default: loopback only, no start beyond it without a token, no cross-origin writes, /mcp
 * validates Origin and Host (DNS rebinding) and applies the HTTP API's input caps.
 */
class ApiExposureTest {

    private static final String EVIL = "https://evil.example";
    private static StandaloneApi api;

    @BeforeAll
    static void start() throws Exception {
        api = StandaloneApi.start(SharedInfrastructure.get().elasticsearchUrl(), Map.of());
    }

    @AfterAll
    static void stop() throws Exception {
        api.close();
    }

    @Test
    void shouldListenOnLoopbackOnlyByDefault() throws Exception {
        Optional<InetAddress> external = NetworkInterface.networkInterfaces()
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress())
                .findFirst();
        assumeTrue(external.isPresent(), "this machine has no non-loopback address to try");
        try (Socket socket = new Socket()) {
            assertThrows(
                    IOException.class, () -> socket.connect(new InetSocketAddress(external.get(), api.port()), 2000));
        }
    }

    @Test
    void shouldAnswerLiveAtOnceAndReadyOnceL0IsLoadedWhenStarted() throws Exception {
        HttpResponse<String> live = api.get("/health/live");
        assertEquals(200, live.statusCode(), live.body());
        assertEquals("UP", Json.MAPPER.readTree(live.body()).get("status").asText());
        await().atMost(Duration.ofSeconds(60))
                .until(() -> api.get("/health/ready").statusCode() == 200);
        JsonNode ready = Json.MAPPER.readTree(api.get("/health/ready").body());
        assertEquals("READY", ready.get("status").asText());
        assertEquals("ready", ready.path("details").path("l0").asText());
        await().atMost(Duration.ofSeconds(60)).until(() -> api.get("/health").statusCode() == 200); // kept
    }

    @Test
    void shouldRefuseToListenBeyondLoopbackWithoutAToken() {
        var refused = assertThrows(
                IllegalArgumentException.class,
                () -> StandaloneApi.start(
                        SharedInfrastructure.get().elasticsearchUrl(), Map.of("KB_API_HOST", "0.0.0.0")));
        assertTrue(refused.getMessage().contains("KB_API_TOKEN"), refused.getMessage());
    }

    @Test
    void shouldRefuseCrossOriginWritesAndAcceptTheApisOwnOrigin() throws Exception {
        HttpResponse<String> crossSite = api.send(Multipart.upload(
                        HttpRequest.newBuilder(URI.create(api.base() + "/api/v1/documents")),
                        "notes",
                        "planted.md",
                        "# Planted\n".getBytes(StandardCharsets.UTF_8))
                .header("Origin", EVIL));
        assertEquals(403, crossSite.statusCode(), crossSite.body());
        assertTrue(Json.MAPPER.readTree(crossSite.body()).has("detail"));
        assertEquals(
                403,
                api.send(HttpRequest.newBuilder(URI.create(api.base() + "/api/v1/reindex"))
                                .header("Origin", EVIL)
                                .POST(HttpRequest.BodyPublishers.noBody()))
                        .statusCode());
        assertEquals(
                403,
                api.send(HttpRequest.newBuilder(URI.create(api.base() + "/api/v1/documents/abc"))
                                .header("Origin", "null")
                                .DELETE())
                        .statusCode());
        HttpResponse<String> sameOrigin = api.send(Multipart.upload(
                        HttpRequest.newBuilder(URI.create(api.base() + "/api/v1/documents")),
                        "notes",
                        "mine.md",
                        "# Mine\n".getBytes(StandardCharsets.UTF_8))
                .header("Origin", api.base()));
        assertEquals(202, sameOrigin.statusCode(), sameOrigin.body());
    }

    @Test
    void shouldRefuseMcpRequestsFromAnotherOriginOrUnderAnotherHostName() throws Exception {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        assertEquals(403, rawPost("/mcp", "evil.example:" + api.port(), null, initialize));
        assertEquals(403, rawPost("/mcp", "localhost:" + api.port(), EVIL, initialize));
        assertEquals(200, rawPost("/mcp", "localhost:" + api.port(), null, initialize));
        assertEquals(403, rawPost("/api/v1/reindex", "rebound.example:" + api.port(), api.base(), ""));
        assertEquals(403, rawPost("/api/v1/lookup", "rebound.example:" + api.port(), null, "{\"query\": \"x\"}"));
    }

    @Test
    void shouldApplyTheQueryCapToMcpTools() throws Exception {
        var mapper = new io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper(
                new com.fasterxml.jackson.databind.ObjectMapper());
        var transport = io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport.builder(api.base())
                .endpoint("/mcp")
                .jsonMapper(mapper)
                .build();
        try (var client = io.modelcontextprotocol.client.McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(30))
                .build()) {
            client.initialize();
            for (String tool : List.of("lookup_knowledge", "search_knowledge")) {
                var result = client.callTool(new io.modelcontextprotocol.spec.McpSchema.CallToolRequest(
                        tool, Map.of("query", "x".repeat(900_000))));
                assertTrue(result.isError(), tool);
                String text = ((io.modelcontextprotocol.spec.McpSchema.TextContent)
                                result.content().get(0))
                        .text();
                assertTrue(text.contains("longer than"), text);
            }
            var ok = client.callTool(new io.modelcontextprotocol.spec.McpSchema.CallToolRequest(
                    "lookup_knowledge", Map.of("query", StandaloneApi.L0_KEYWORD)));
            assertFalse(ok.isError());
        }
    }

    /** A request with a Host header of our choosing (Java's HttpClient refuses to set one). */
    private static int rawPost(String path, String host, String origin, String body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", api.port())) {
            socket.setSoTimeout(30_000);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String head = "POST " + path + " HTTP/1.1\r\nHost: " + host + "\r\n"
                    + (origin == null ? "" : "Origin: " + origin + "\r\n")
                    + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder statusLine = new StringBuilder();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                statusLine.append((char) c);
            }
            return Integer.parseInt(statusLine.toString().split(" ")[1]);
        }
    }
}
