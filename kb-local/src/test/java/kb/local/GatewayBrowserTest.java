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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.regex.Pattern;
import kb.core.Json;
import kb.testkit.MissingTool;
import kb.testkit.Tool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * kb behind a gateway's path prefix, as the design card deploys it: Debian's nginx serves the API under {@code /kb/}
 * (sending {@code X-Forwarded-Prefix: /kb}), and a real headless Chromium uses the search page through it: its style
 * and modules load, a search answers, a result opens the document view, a deep link opens it again, the raw file
 * comes, and no request leaves the prefix. {@code /kb/openapi.json} names {@code /kb} as its server and an MCP client
 * talks to {@code /kb/mcp}. Screenshots go to {@code target/}.
 */
class GatewayBrowserTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String PREFIX = "/kb";
    private static final String NOTE = "---\ntitle: Zorblatt restarts\n---\n# Restarting\n\n"
            + "Restart the zorblatt service with systemctl restart zorblatt.\n";
    /** An access log line whose request is for a path under the prefix. */
    private static final Pattern REQUEST_LINE = Pattern.compile("\"[A-Z]+ " + PREFIX + "/\\S* HTTP/");

    /** A search result's link: the home view's document list, also under #results, is not one. */
    private static final String RESULT = "#results .result a.result-link";

    private static final List<String> PATHS = List.of("ops/restore.md", "ops/zorblatt.md");

    @TempDir
    static Path folder;

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static PipelineHarness kb;
    private static NginxGateway gateway;
    private static HeadlessChromium chrome;
    private static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        MissingTool.assumeInstalled(Tool.CHROMIUM);
        MissingTool.assumeInstalled(Tool.NGINX);
        kb = new PipelineHarness();
        kb.write("ops/zorblatt.md", NOTE);
        kb.write("ops/restore.md", "---\ntitle: Restore drill\n---\nRestore from the latest snapshot.\n");
        kb.start();
        await().atMost(Duration.ofSeconds(90)).until(() -> kb.indexed(PATHS));
        gateway = NginxGateway.start(Files.createDirectory(folder.resolve("nginx")), PREFIX, kb.port());
        chrome = HeadlessChromium.start(Files.createDirectory(folder.resolve("chromium")));
        browser = chrome.driver();
    }

    @AfterAll
    static void stop() throws Exception {
        if (chrome != null) {
            chrome.close();
        }
        if (gateway != null) {
            gateway.close();
        }
        if (kb != null) {
            kb.close();
        }
    }

    @Test
    void shouldSearchAndOpenADocumentWhenThePageIsServedUnderTheGatewaysPrefix() throws Exception {
        browser.manage().logs().get(LogType.BROWSER);
        browser.get(gateway.url(PREFIX + "/"));
        await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#home-list li"))
                .isEmpty());
        // app.css came through the prefix: it hides the search field's label from sight (not from screen readers).
        assertEquals("1px", chrome.js("return getComputedStyle(document.querySelector('.visually-hidden')).width"));
        browser.findElement(By.id("q")).sendKeys("zorblatt");
        browser.findElement(By.cssSelector("#search-form button")).click();
        await().atMost(WAIT)
                .until(() -> !browser.findElements(By.cssSelector(RESULT)).isEmpty());
        assertEquals(gateway.url(PREFIX + "/?q=zorblatt"), browser.getCurrentUrl());
        assertEquals(
                "Zorblatt restarts", browser.findElement(By.cssSelector(RESULT)).getText());
        chrome.screenshot("gateway-search.png");

        browser.findElement(By.cssSelector(RESULT)).click();
        await().atMost(WAIT).until(() -> chrome.text("doc-title").equals("Zorblatt restarts"));
        String shared = browser.getCurrentUrl();
        assertTrue(shared.startsWith(gateway.url(PREFIX + "/?q=zorblatt&doc=")), shared);
        String raw = browser.findElement(By.id("doc-raw")).getDomProperty("href");
        assertTrue(raw.startsWith(gateway.url(PREFIX + "/api/v1/documents/")), raw);
        HttpResponse<String> file = get(raw, Map.of());
        assertEquals(200, file.statusCode());
        assertEquals(NOTE, file.body());
        chrome.screenshot("gateway-document.png");

        browser.findElement(By.id("home")).click();
        await().atMost(WAIT)
                .until(() -> browser.getCurrentUrl().equals(gateway.url(PREFIX + "/"))
                        && !browser.findElements(By.cssSelector("#home-list li"))
                                .isEmpty());
        browser.get(shared);
        await().atMost(WAIT).until(() -> chrome.text("doc-title").equals("Zorblatt restarts"));
        assertTrue(chrome.text("doc-body").contains("systemctl restart zorblatt"), chrome.text("doc-body"));

        List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .toList();
        assertTrue(errors.isEmpty(), errors.toString());
        List<String> outside = gateway.accessLog()
                .lines()
                .filter(line -> !REQUEST_LINE.matcher(line).find())
                .toList();
        assertTrue(outside.isEmpty(), "requests outside " + PREFIX + "/: " + outside);
    }

    @Test
    void shouldNameThePrefixAsTheOpenApiServerWhenReachedThroughTheGateway() throws Exception {
        assertEquals("/kb", server(get(gateway.url(PREFIX + "/openapi.json"), Map.of())));
        String direct = "http://localhost:" + kb.port() + "/openapi.json";
        assertEquals("/", server(get(direct, Map.of())));
        assertEquals("/", server(get(direct, Map.of("X-Forwarded-Prefix", "/kb/../admin"))));
    }

    @Test
    void shouldAnswerAnMcpClientWhenItsEndpointIsUnderTheGatewaysPrefix() {
        var transport = HttpClientStreamableHttpTransport.builder(gateway.url(""))
                .endpoint(PREFIX + "/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .build();
        try (var client =
                McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build()) {
            client.initialize();
            List<String> tools = client.listTools().tools().stream()
                    .map(McpSchema.Tool::name)
                    .sorted()
                    .toList();
            assertEquals(McpToolsEndToEndTest.TOOLS, tools);
            var result = client.callTool(
                    new McpSchema.CallToolRequest("search_knowledge", Map.of("query", "zorblatt", "k", 3)));
            assertFalse(result.isError());
            assertTrue(result.structuredContent().toString().contains("ops/zorblatt.md"), result.toString());
        }
    }

    private static HttpResponse<String> get(String url, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
        headers.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String server(HttpResponse<String> response) throws Exception {
        assertEquals(200, response.statusCode(), response.body());
        JsonNode servers = Json.MAPPER.readTree(response.body()).get("servers");
        assertEquals(1, servers.size(), servers.toString());
        return servers.get(0).get("url").asText();
    }
}
