package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.core.Location;
import kb.ingest.samples.SampleDocuments;
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
 * A citation checked on the page, through the real pipeline: a two-column PDF made with PDFBox is answered with its
 * page and {@code verified}, its page is rendered by the API and, in a real headless Chromium, the document view shows
 * that page with the passage's lines marked over it (screenshot in {@code target/}); a scanned PDF made in the test
 * (text drawn into an image, no text layer) is read by the real Tesseract and found by a word on its page, cited
 * {@code ocr}.
 */
class PdfPageCitationsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(180);
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String COLUMNS = "papers/columns.pdf";
    private static final String SCAN = "scans/valves.pdf";

    @TempDir
    static Path dir;

    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness()
                .with("KB_PAGE_LAYOUT_DIR", dir.resolve("layouts").toString());
        SampleDocuments.twoColumnPdf(kb.kbDir().resolve(COLUMNS), "Harbour and Glacier Notes", left(), right());
        List<String> expected = new ArrayList<>(List.of(COLUMNS));
        if (Tool.TESSERACT.installed()) {
            SampleDocuments.imagePdf(
                    kb.kbDir().resolve(SCAN),
                    List.of("Quarterly maintenance report", "The compressor valves were replaced in March."));
            expected.add(SCAN);
        }
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(expected));
    }

    @AfterAll
    static void stopPipeline() {
        if (kb != null) {
            kb.close();
        }
    }

    @Test
    void shouldCiteThePageAndVerifyThePassageWhenItIsOnATwoColumnPage() throws Exception {
        JsonNode chunk = firstChunk(kb.search("how deep was the crevasse the glacier survey measured"), COLUMNS);
        assertEquals(page(1), chunk.get("location"), chunk.toString());
        assertTrue(chunk.get("verified").asBoolean(), chunk.toString());
        assertEquals(false, chunk.get("ocr").asBoolean(), chunk.toString());
        String docId = docId(COLUMNS);
        HttpResponse<String> image = kb.request("/api/v1/documents/" + docId + "/pages/1/image");
        assertEquals(200, image.statusCode());
        assertEquals("image/png", image.headers().firstValue("Content-Type").orElse(""));
        assertEquals(
                404, kb.request("/api/v1/documents/" + docId + "/pages/2/image").statusCode());
        JsonNode view = kb.getJson("/api/v1/documents/" + docId + "/pages/1");
        assertTrue(view.get("layout").asBoolean(), view.toString());
        assertEquals(left().size() + right().size(), view.get("lines").size(), view.toString());
    }

    @Test
    void shouldFindAScannedPdfByAWordOnItsPageCitedOcrWhenTesseractIsInstalled() throws Exception {
        MissingTool.assumeInstalled(Tool.TESSERACT);
        JsonNode chunk = firstChunk(kb.search("compressor valves replaced"), SCAN);
        assertTrue(chunk.get("text").asText().contains("compressor valves"), chunk.toString());
        assertEquals(page(1), chunk.get("location"), chunk.toString());
        assertTrue(chunk.get("ocr").asBoolean(), chunk.toString());
        assertTrue(chunk.get("verified").asBoolean(), chunk.toString());
    }

    @Test
    void shouldMarkThePassagesLinesOnTheRenderedPageWhenItsCitationIsOpened() throws Exception {
        MissingTool.assumeInstalled(Tool.CHROMIUM);
        try (HeadlessChromium chrome = HeadlessChromium.start(dir.resolve("profile"))) {
            WebDriver browser = chrome.driver();
            browser.get("http://localhost:" + kb.port() + "/?q=crevasse%20depth%20in%20the%20glacier%20survey");
            await().atMost(WAIT).until(() -> citationOf(browser, COLUMNS) != null);
            citationOf(browser, COLUMNS).click();
            await().atMost(WAIT).until(() -> !browser.findElements(By.cssSelector("#page-view .page-mark"))
                    .isEmpty());
            WebElement image = browser.findElement(By.cssSelector("#page-view img.page-image"));
            Number natural = (Number) chrome.js("return arguments[0].naturalWidth", image);
            assertTrue(natural.intValue() > 600, "the page was rendered: " + natural);
            List<WebElement> marks = browser.findElements(By.cssSelector("#page-view .page-mark"));
            int lines = left().size() + right().size();
            assertTrue(marks.size() < lines, marks.size() + " of the page's " + lines + " lines marked");
            for (WebElement mark : marks) {
                assertTrue(inside(chrome, mark, image), "a mark over the page: " + box(chrome, mark));
            }
            double middle = left(chrome, image) + 0.5 * width(chrome, image);
            assertTrue(
                    marks.stream().allMatch(m -> left(chrome, m) > middle),
                    "only the right column, the glacier's passage, is marked");
            assertTrue(chrome.text("page-view").contains("lines marked"), chrome.text("page-view"));
            chrome.screenshot("pdf-page-citation.png");
            System.out.println("[browser] " + marks.size() + " lines marked of " + lines + " on the page");
        }
    }

    private static WebElement citationOf(WebDriver browser, String path) {
        for (WebElement result : browser.findElements(By.cssSelector("#results .result"))) {
            if (result.findElement(By.cssSelector(".path")).getText().contains(path)) {
                List<WebElement> chunks = result.findElements(By.cssSelector("a.chunk"));
                return chunks.isEmpty() ? null : chunks.get(0);
            }
        }
        return null;
    }

    private static boolean inside(HeadlessChromium chrome, WebElement mark, WebElement image) {
        Map<?, ?> m = box(chrome, mark);
        Map<?, ?> i = box(chrome, image);
        double slack = 4;
        return num(m, "left") >= num(i, "left") - slack
                && num(m, "right") <= num(i, "right") + slack
                && num(m, "top") >= num(i, "top") - slack
                && num(m, "bottom") <= num(i, "bottom") + slack
                && num(m, "width") > 0
                && num(m, "height") > 0;
    }

    private static double left(HeadlessChromium chrome, WebElement element) {
        return num(box(chrome, element), "left");
    }

    private static double width(HeadlessChromium chrome, WebElement element) {
        return num(box(chrome, element), "width");
    }

    private static Map<?, ?> box(HeadlessChromium chrome, WebElement element) {
        return (Map<?, ?>) chrome.js("return arguments[0].getBoundingClientRect().toJSON()", element);
    }

    private static double num(Map<?, ?> box, String key) {
        return ((Number) box.get(key)).doubleValue();
    }

    private static JsonNode firstChunk(JsonNode response, String path) {
        for (JsonNode result : response.get("results")) {
            if (result.get("path").asText().equals(path)) {
                return result.get("chunks").get(0);
            }
        }
        throw new AssertionError(path + " not among the results: " + response);
    }

    private static String docId(String path) throws Exception {
        for (JsonNode document : kb.getJson("/api/v1/documents?size=100").get("documents")) {
            if (document.get("path").asText().equals(path)) {
                return document.get("docId").asText();
            }
        }
        throw new AssertionError(path + " is not listed");
    }

    private static JsonNode page(int number) {
        return Json.MAPPER.valueToTree(new Location(Location.Unit.PAGE, number, number, null));
    }

    /** The left column: the harbour's cranes, wrapped as a journal prints a column. */
    private static List<String> left() {
        return wrap("The harbour authority replaced two of its container cranes this spring. The new cranes lift"
                + " forty tonnes and reach across ships of twenty-two rows. Each crane was tested with a load of"
                + " fifty tonnes before it was put to work, and the operators trained for a week on a simulator in"
                + " the port's training hall. The old cranes were sold to a yard upriver, where they unload timber"
                + " barges. Berth four was dredged to fifteen metres during the works, so that the largest feeder"
                + " ships can now turn in the basin without a tug. The quay wall was inspected by divers, who"
                + " found the sheet piles sound and the fenders worn; new fenders arrive in the autumn.");
    }

    /** The right column: the glacier survey, with the one measurement the questions ask for. */
    private static List<String> right() {
        return wrap("The glacier survey crossed the upper basin in August. Its ground radar measured the largest"
                + " crevasse at a depth of thirty-eight metres, deeper than any recorded on the glacier. The team"
                + " marked the crevasse with flags and left the route by the eastern moraine, which the survey"
                + " found stable after the summer melt. Snow pits dug at three altitudes showed a thin winter"
                + " pack and a crust of dust from the spring storms. The weather station on the col lost its"
                + " anemometer in a gale and was repaired on the last day. The survey's report goes to the"
                + " valley's water board, which plans the reservoir's intake by the glacier's melt.");
    }

    /** The text in lines of at most 46 characters, a 10 pt column's width. */
    private static List<String> wrap(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > 46) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        lines.add(line.toString());
        return List.copyOf(lines);
    }
}
