package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import kb.ingest.samples.SampleDocuments;
import kb.testkit.MissingTool;
import kb.testkit.Tool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/** The search page in a real headless Chromium (Debian packages, installed by .ci/run) over a real pipeline. */
class StatusPageBrowserTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** The lowest WCAG contrast between the text of an element (and of each element inside it) and what is behind it. */
    private static final String CONTRAST =
            """
            const channel = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
            const luminance = (css) => { const [r, g, b] = css.match(/[\\d.]+/g).map(Number);
              return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b); };
            const behind = (e) => { for (let at = e; at; at = at.parentElement) {
                const bg = getComputedStyle(at).backgroundColor;
                if (bg !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(bg)) { return bg; } }
              return 'rgb(255, 255, 255)'; };
            const ratio = (e) => { const a = luminance(getComputedStyle(e).color), b = luminance(behind(e));
              return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
            return Math.min(...[arguments[0], ...arguments[0].querySelectorAll('*')].map(ratio));
            """;
    /** A Hugo page as the real docs folders have them: a shortcode pair, an HTML comment, a code fence. */
    static final String HUGO_PAGE =
            """
            ---
            title: Deploying the site
            keywords: [zephyrdeploy]
            ---
            # Deploying the site

            Intro paragraph about the site.

            ## Build

            {{% notice warning %}}
            Run the zephyrdeploy build before pushing.
            {{% /notice %}}
            <!-- TODO: internal reviewer note -->

            ```bash
            hugo --minify
            ```

            ## Rollback

            - revert the merge commit
            - run the **previous** build again
            """;
    /** An Obsidian note linking to the Hugo page: its links show as text, the page lists it as "linked from". */
    static final String VAULT_NOTE =
            """
            ---
            title: Release checklist
            tags: [release]
            ---
            Before shipping, read [[deploy|the deploy page]] %%private aside%% and [[Missing page]].
            > [!tip] Rehearse the rollback first
            """;

    private static final List<String> PATHS = List.of(
            "docker/compose.md",
            "docker/swarm.md",
            "docker/tips.md",
            "docker/volumes.md",
            "hugo/deploy.md",
            "kafka/bridge.md",
            "manuals/pump.pdf",
            "vault/checklist.md");

    @TempDir
    static Path profile;

    private static PipelineHarness kb;
    private static HeadlessChromium chrome;
    private static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        MissingTool.assumeInstalled(Tool.CHROMIUM);
        kb = new PipelineHarness();
        kb.write(
                "kafka/bridge.md",
                "---\ntitle: Cluster link\nkeywords: [kafkabridge]\n---\n"
                        + "The kafkabridge service mirrors topics between the old and the new cluster.\n");
        kb.write("hugo/deploy.md", HUGO_PAGE);
        kb.write("vault/checklist.md", VAULT_NOTE);
        SampleDocuments.pdf(
                kb.kbDir().resolve("manuals/pump.pdf"),
                "Pump Manual",
                List.of(
                        "Installation. Bolt the pump to a level base.",
                        "Priming. Fill the casing through the glorbnut port before the first start.",
                        "Maintenance. Replace the seal every two years."));
        // Four pages share the keyword docker: more than a tiny corpus's limit of three, so it is generic.
        kb.write(
                "docker/tips.md",
                "---\ntitle: Docker Tips\nkeywords: [docker]\n---\ndbash() { docker exec -it $1 bash; }\n");
        kb.write(
                "docker/compose.md",
                "---\ntitle: Compose notes\nkeywords: [docker]\n---\nCompose files for docker live in /srv.\n");
        kb.write("docker/swarm.md", "---\ntitle: Swarm\nkeywords: [docker]\n---\nA docker swarm has three managers.\n");
        kb.write(
                "docker/volumes.md",
                "---\ntitle: Volumes\nkeywords: [docker]\n---\nNamed docker volumes are backed up nightly.\n");
        kb.start();
        await().atMost(Duration.ofSeconds(90)).until(() -> kb.indexed(PATHS));
        chrome = HeadlessChromium.start(profile);
        browser = chrome.driver();
    }

    @AfterAll
    static void stop() {
        if (chrome != null) {
            chrome.close();
        }
        if (kb != null) {
            kb.close();
        }
    }

    @Test
    void shouldRunTheSearchInTheUrlWithoutTypingAndFillThePipelineStrip() throws Exception {
        open("/?q=kafkabridge");
        await().atMost(WAIT).until(() -> results().contains("kafka/bridge.md"));
        assertEquals("kafkabridge", browser.findElement(By.id("q")).getDomProperty("value"));
        assertTrue(results().contains("Cluster link") && results().contains("keyword match"), results());
        assertTrue(
                browser.findElement(By.cssSelector("#results mark")).getText().equalsIgnoreCase("kafkabridge"));
        await().atMost(WAIT).until(() -> chrome.text("documents").startsWith(PATHS.size() + " documents"));
        assertTrue(chrome.text("lag").startsWith("lag: chunker "), chrome.text("lag"));
        assertTrue(chrome.text("dlq").startsWith("dead letters: "), chrome.text("dlq"));
        assertFalse(
                chrome.text("freshness").matches(".*\\b0 ms.*"),
                "no measurement is a dash, not 0 ms: " + chrome.text("freshness"));
        WebElement indexing = browser.findElement(By.id("indexing"));
        assertTrue(!indexing.isDisplayed() || indexing.getText().startsWith("index"), indexing.getText());
        chrome.screenshot("status-page.png");
    }

    @Test
    void shouldSearchOnEnterWriteTheQueryIntoTheUrlAndGoBack() {
        open("/?q=kafkabridge");
        await().atMost(WAIT).until(() -> results().contains("kafka/bridge.md"));
        WebElement box = browser.findElement(By.id("q"));
        box.clear();
        box.sendKeys("zephyrdeploy\n");
        await().atMost(WAIT)
                .until(() -> "zephyrdeploy".equals(urlParam("q")) && results().contains("hugo/deploy.md"));
        browser.navigate().back();
        await().atMost(WAIT)
                .until(() -> "kafkabridge".equals(urlParam("q")) && results().contains("kafka/bridge.md"));
        browser.navigate().forward();
        await().atMost(WAIT).until(() -> results().contains("hugo/deploy.md"));
    }

    @Test
    void shouldRenderSnippetsWithoutShortcodesOrComments() {
        open("/?q=zephyrdeploy");
        await().atMost(WAIT).until(() -> results().contains("Run the zephyrdeploy build"));
        String results = results();
        for (String hidden : List.of("{{", "notice", "TODO", "<!--", "```")) {
            assertFalse(results.contains(hidden), hidden + " in " + results);
        }
        assertTrue(
                browser.findElements(By.cssSelector("#results .chunk pre")).stream()
                        .anyMatch(pre -> pre.getText().contains("hugo --minify")),
                "the fence is shown as code");
        assertTrue(
                browser.findElement(By.cssSelector("#results mark")).getText().equalsIgnoreCase("zephyrdeploy"));
    }

    @Test
    void shouldShowANotesLinksAsTextItsTagsAndTheBacklinksOfThePageItLinksTo() throws Exception {
        open("/?q=" + java.net.URLEncoder.encode("Release checklist", java.nio.charset.StandardCharsets.UTF_8));
        await().atMost(WAIT).until(() -> results().contains("vault/checklist.md"));
        assertTrue(results().contains("#release"), results());
        browser.findElement(By.cssSelector("#results a.result-link")).click();
        await().atMost(WAIT).until(() -> chrome.text("doc-title").equals("Release checklist"));
        String body = chrome.text("doc-body");
        assertTrue(
                body.contains("read the deploy page")
                        && !body.contains("[[")
                        && !body.contains("private aside")
                        && body.contains("Tip: Rehearse the rollback first"),
                body);
        await().atMost(WAIT)
                .until(() -> chrome.text("doc-links").contains("Links to: Deploying the site, Missing page"));
        browser.findElement(By.linkText("Deploying the site")).click();
        await().atMost(WAIT)
                .until(() -> chrome.text("doc-title").equals("Deploying the site")
                        && chrome.text("doc-links").contains("Linked from: Release checklist"));
        chrome.screenshot("document-links.png");
    }

    @Test
    void shouldOpenAResultAsADocumentWithTheChunkMarkedAndTheRawFileLinked() throws Exception {
        open("/?q=zephyrdeploy");
        await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#results a.chunk"))
                .isEmpty());
        browser.findElement(By.cssSelector("#results a.chunk")).click();
        await().atMost(WAIT).until(this::chunkMarked);
        assertTrue(browser.findElement(By.id("doc-title")).getText().equals("Deploying the site"));
        assertFalse(browser.findElement(By.id("results")).isDisplayed());
        String body = browser.findElement(By.id("doc-body")).getText();
        assertTrue(
                body.contains("Rollback")
                        && body.contains("revert the merge commit")
                        && !body.contains("{{%")
                        && !body.contains("TODO"),
                body);
        String shared = browser.getCurrentUrl();
        assertTrue(urlParam("doc") != null && "zephyrdeploy".equals(urlParam("q")), shared);

        String raw = browser.findElement(By.id("doc-raw")).getDomProperty("href");
        HttpResponse<String> file = kb.request(URI.create(raw).getRawPath());
        assertEquals(200, file.statusCode());
        assertTrue(file.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        assertEquals(HUGO_PAGE, file.body());
        chrome.screenshot("document-view.png");

        new Actions(browser).sendKeys(Keys.ESCAPE).perform();
        await().atMost(WAIT)
                .until(() -> browser.findElement(By.id("results")).isDisplayed()
                        && !browser.findElement(By.id("document")).isDisplayed()
                        && urlParam("doc") == null);

        browser.get(shared);
        await().atMost(WAIT).until(this::chunkMarked);
    }

    @Test
    void shouldOpenAPdfResultAtItsPageAndAMarkdownResultAtItsLines() throws Exception {
        open("/?q=glorbnut");
        await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#results a.chunk"))
                .isEmpty());
        browser.findElement(By.cssSelector("#results a.chunk")).click();
        await().atMost(WAIT)
                .until(() -> browser.findElement(By.id("doc-location")).isDisplayed());
        assertEquals("manuals/pump.pdf, page 2", chrome.text("doc-location"));
        assertTrue(browser.findElements(By.cssSelector("#doc-body .chunk-hit")).stream()
                .anyMatch(e -> e.getText().contains("glorbnut port")));
        assertPagesShownAndPassageReadable();
        String raw = browser.findElement(By.id("doc-raw")).getDomProperty("href");
        assertTrue(raw.endsWith("#page=2"), raw);
        HttpResponse<String> pdf = kb.request(URI.create(raw).getRawPath());
        assertEquals("application/pdf", pdf.headers().firstValue("Content-Type").orElse(""));
        assertTrue(pdf.body().startsWith("%PDF"));
        chrome.screenshot("document-pdf-page.png");

        JsonNode location = kb.search("zephyrdeploy")
                .get("results")
                .get(0)
                .get("chunks")
                .get(0)
                .get("location");
        assertEquals("line", location.get("unit").asText(), location.toString());
        open("/?q=zephyrdeploy");
        await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#results a.chunk"))
                .isEmpty());
        browser.findElement(By.cssSelector("#results a.chunk")).click();
        await().atMost(WAIT).until(this::chunkMarked);
        String lines = location.get("start").asInt() + "-" + location.get("end").asInt();
        assertEquals("hugo/deploy.md:" + lines, chrome.text("doc-location"));
        List<String> file = HUGO_PAGE.lines().toList();
        assertTrue(
                file.get(location.get("start").asInt() - 1).contains("zephyrdeploy")
                        || file.get(location.get("start").asInt() - 1).contains("notice"),
                "the cited first line is the chunk's: " + lines);
    }

    @Test
    void shouldRunASuggestionWhenClicked() {
        open("/?q=" + URLEncoder.encode("sourdough starter", StandardCharsets.UTF_8));
        await().atMost(WAIT)
                .until(() -> !browser.findElements(By.id("nothing-found")).isEmpty());
        assertTrue(browser.findElement(By.id("nothing-found")).getText().contains("Nothing found"));
        WebElement suggestion = browser.findElement(By.cssSelector("#nothing-found button.suggestion"));
        String title = suggestion.getText();
        suggestion.click();
        await().atMost(WAIT)
                .until(() -> title.equals(urlParam("q"))
                        && title.equals(chrome.js("return document.getElementById('q').value")));
    }

    @Test
    void shouldLabelAGenericKeywordAsCommonNotAsAKeywordMatch() {
        open("/?q=docker");
        await().atMost(WAIT).until(() -> results().contains("docker/"));
        assertTrue(results().contains("common keyword") && !results().contains("keyword match"), results());
    }

    @Test
    void shouldDescribeIndexingProgressInWords() {
        open("/");
        Object running = chrome.js(
                "return window.kbPage.indexingText({state: 'running', documentsDone: 120, documentsTotal: 499,"
                        + " chunksDone: 3400, chunksTotal: 8000, chunksPerSecond: 35.2, etaSeconds: 100, chunksAwaitingVectors: 0})");
        assertEquals(
                "indexing 120 of 499 documents · 3,400 of 8,000 chunks embedded · 35 chunks/s · ETA 2 min", running);
        assertEquals("indexed", chrome.js("return window.kbPage.indexingText({state: 'done'})"));
        assertEquals(null, chrome.js("return window.kbPage.indexingText(undefined)"));
    }

    @Test
    void shouldEscapeMarkupFromDocuments() {
        open("/");
        Object html = chrome.js("return window.kbPage.renderMarkdown("
                + "'<img src=x onerror=alert(1)> [x](javascript:alert(1)) <b onclick=\"y\">z</b> `<i>`')");
        assertFalse(String.valueOf(html).matches("(?s).*<(img|b|i)\\b.*|.*href=\"javascript.*"), String.valueOf(html));
    }

    @Test
    void shouldRenderGfmTablesTaskListsAndOnlyWebLinksAsLinks() {
        open("/");
        String html = String.valueOf(chrome.js("return window.kbPage.renderMarkdown("
                + "'| a | b |\\n|---|---|\\n| 1 | 2 |\\n\\n- [x] done\\n- [ ] open\\n  1. nested\\n\\n"
                + "See https://example.org and [notes](notes/a.md).')"));
        assertTrue(html.contains("<table>") && html.contains("<td>2</td>"), html);
        assertTrue(html.contains("☑ done") && html.contains("☐ open") && html.contains("<ol>"), html);
        assertTrue(
                html.contains("<a href=\"https://example.org\" target=\"_blank\" rel=\"noopener noreferrer\">"), html);
        assertTrue(html.contains("<span class=\"link\" title=\"notes/a.md\">notes</span>"), html);
    }

    @Test
    void shouldServeAFaviconAndLogNoErrors() throws Exception {
        HttpResponse<String> icon = kb.request("/favicon.ico");
        assertEquals(200, icon.statusCode());
        assertEquals("image/svg+xml", icon.headers().firstValue("Content-Type").orElse(""));
        browser.manage().logs().get(LogType.BROWSER);
        open("/?q=kafkabridge");
        await().atMost(WAIT).until(() -> results().contains("kafka/bridge.md"));
        assertEquals(
                "favicon.svg",
                browser.findElement(By.cssSelector("link[rel=icon]")).getDomAttribute("href"));
        List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .toList();
        assertTrue(errors.isEmpty(), errors.toString());
    }

    /**
     * The PDF's view: a heading per page, proportional text, the passage marked on its page with text that keeps a
     * contrast of at least 4.5:1 (WCAG AA) against its background, the terms marked inside it included.
     */
    private static void assertPagesShownAndPassageReadable() {
        assertEquals(
                List.of("Page 1", "Page 2", "Page 3"),
                chrome.js(
                        "return [...document.querySelectorAll('#doc-body .page-heading')].map((h) => h.textContent)"));
        WebElement hit = browser.findElement(By.cssSelector("#doc-body .chunk-hit"));
        assertEquals("2", chrome.js("return arguments[0].closest('.doc-page').dataset.page", hit));
        String font = hit.getCssValue("font-family");
        assertFalse(font.contains("monospace"), font);
        double contrast = ((Number) chrome.js(CONTRAST, hit)).doubleValue();
        assertTrue(contrast >= 4.5, "contrast of the marked passage " + contrast);
    }

    private boolean chunkMarked() {
        return browser.findElement(By.id("document")).isDisplayed()
                && browser.findElements(By.cssSelector("#doc-body .chunk-hit")).stream()
                        .anyMatch(e -> e.getText().contains("Run the zephyrdeploy build"));
    }

    private static void open(String pathAndQuery) {
        browser.get("http://localhost:" + kb.port() + pathAndQuery);
    }

    private static String results() {
        return browser.findElement(By.id("results")).getText();
    }

    private static String urlParam(String name) {
        return (String) chrome.js("return new URLSearchParams(location.search).get('" + name + "')");
    }
}
