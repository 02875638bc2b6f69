package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import kb.testkit.MissingTool;
import kb.testkit.Tool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The search page's home and its status strip in a real headless Chromium over a real pipeline: what is in the
 * knowledge base before any question, citations left unmarked, progress that says "estimating" before it has a
 * rate, a freshness figure that holds. Screenshots go to {@code target/}.
 */
class HomePageBrowserTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<String> PATHS =
            List.of("notes/standup.md", "ops/backup.md", "ops/restore.md", "runbooks/glorbqux.md");

    @TempDir
    static Path profile;

    private static PipelineHarness kb;
    private static HeadlessChromium chrome;
    private static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        MissingTool.assumeInstalled(Tool.CHROMIUM);
        kb = new PipelineHarness();
        kb.write("ops/backup.md", "---\ntitle: Nightly backup\ntags: [ops, storage]\n---\nThe backup runs at 2am.\n");
        kb.write("ops/restore.md", "---\ntitle: Restore drill\ntags: [ops]\n---\nRestore from the latest snapshot.\n");
        kb.write(
                "runbooks/glorbqux.md",
                "---\ntitle: Glorbqux service\n---\n# Restarting\n\nRestart glorbqux with systemctl restart glorbqux.\n");
        kb.write("notes/standup.md", "---\ntitle: Standup notes\ntags: [team]\n---\nWe agreed on Tuesday demos.\n");
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
    void shouldShowCollectionsTagsAndRecentDocumentsBeforeAnyQuestion() throws Exception {
        open("/");
        await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#home-list li"))
                .isEmpty());
        assertEquals(PATHS.size() + " documents.", chrome.text("home-summary"));
        assertTrue(
                chrome.text("home-collections").contains(PipelineHarness.COLLECTION + " " + PATHS.size()),
                chrome.text("home-collections"));
        String tags = chrome.text("home-tags");
        assertTrue(tags.startsWith("#ops 2"), "the most used tag first: " + tags);
        assertTrue(tags.contains("#storage 1") && tags.contains("#team 1"), tags);
        List<String> recent = browser.findElements(By.cssSelector("#home-list li a")).stream()
                .map(WebElement::getText)
                .toList();
        assertEquals(PATHS.size(), recent.size(), recent.toString());
        assertTrue(recent.contains("Glorbqux service") && recent.contains("Nightly backup"), recent.toString());
        chrome.screenshot("home.png");

        browser.findElements(By.cssSelector("#home-tags .chip")).get(0).click();
        await().atMost(WAIT).until(() -> chrome.text("home-list-title").equals("Tagged #ops · 2 documents"));
        List<String> tagged = browser.findElements(By.cssSelector("#home-list li a")).stream()
                .map(WebElement::getText)
                .sorted()
                .toList();
        assertEquals(List.of("Nightly backup", "Restore drill"), tagged);
        chrome.screenshot("home-tag.png");

        browser.findElement(By.id("home-back")).click();
        await().atMost(WAIT).until(() -> chrome.text("home-list-title").equals("Recently changed"));
        browser.findElement(By.linkText("Glorbqux service")).click();
        await().atMost(WAIT).until(() -> chrome.text("doc-title").equals("Glorbqux service"));
    }

    @Test
    void shouldMarkTheQuestionsWordsInPassagesButNotInsideTheirCitation() throws Exception {
        open("/?q=glorbqux");
        await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#results .chunk mark"))
                .isEmpty());
        WebElement citation = browser.findElement(By.cssSelector("#results .chunk .lines"));
        assertTrue(citation.getText().contains("runbooks/glorbqux.md:"), citation.getText());
        assertTrue(citation.findElements(By.tagName("mark")).isEmpty(), "no mark inside " + citation.getText());
        chrome.screenshot("search-citation.png");
    }

    @Test
    void shouldSayEstimatingBeforeARateAndTheEtaOnceThereIsOne() {
        open("/");
        Object first = chrome.js(
                "return window.kbPage.indexingText({state: 'running', documentsDone: 0, documentsTotal: 40,"
                        + " chunksDone: 0, chunksTotal: 200, chunksPerSecond: 0, etaSeconds: null, chunksAwaitingVectors: 0})");
        assertEquals("indexing 0 of 40 documents · 0 of 200 chunks embedded · estimating", first);
        Object measured = chrome.js("return window.kbPage.indexingText({state: 'running', documentsDone: 20,"
                + " documentsTotal: 40, chunksDone: 100, chunksTotal: 200, chunksPerSecond: 5,"
                + " etaSeconds: 20, chunksAwaitingVectors: 0})");
        assertEquals("indexing 20 of 40 documents · 100 of 200 chunks embedded · 5.0 chunks/s · ETA 20 s", measured);
    }

    @Test
    void shouldHoldTheLastFreshnessFigureWhileTheTimersWindowIsEmpty() throws Exception {
        open("/");
        assertEquals("freshness: no edits yet", chrome.js("return window.kbPage.freshnessText(undefined)"));
        assertEquals(
                "freshness: no recent edits",
                chrome.js("return window.kbPage.freshnessText({p50Ms: 0, p99Ms: 0, count: 4})"));
        // One script: the page's own status poll (a real figure) cannot come between the figure and its holds.
        Object texts = chrome.js("const page = window.kbPage;"
                + " const shown = [page.freshnessText({p50Ms: 1200, p99Ms: 3400, count: 5})];"
                + " for (let look = 0; look < 3; look++) {"
                + " shown.push(page.freshnessText({p50Ms: 0, p99Ms: 0, count: 5})); }"
                + " return shown;");
        assertEquals(
                List.of(
                        "freshness p50 1.2 s, p99 3.4 s",
                        "freshness (last edits) p50 1.2 s, p99 3.4 s",
                        "freshness (last edits) p50 1.2 s, p99 3.4 s",
                        "freshness (last edits) p50 1.2 s, p99 3.4 s"),
                texts);
        await().atMost(WAIT).until(() -> chrome.text("freshness").startsWith("freshness"));
        assertTrue(!chrome.text("freshness").contains("–"), chrome.text("freshness"));
        chrome.screenshot("status-strip.png");
    }

    private static void open(String pathAndQuery) {
        browser.get("http://localhost:" + kb.port() + pathAndQuery);
    }
}
