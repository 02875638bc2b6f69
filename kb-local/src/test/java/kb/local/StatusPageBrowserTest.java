package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** The status page in a real headless Chromium (Debian packages, installed by .ci/run). */
class StatusPageBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    Path profile;

    @Test
    void shouldSearchShowTheGateAndFillThePipelineStrip() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER), "chromium is installed by .ci/run");
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("kafka/bridge.md", "---\ntitle: Cluster link\nkeywords: [kafkabridge]\n---\n"
                    + "The kafkabridge service mirrors topics between the old and the new cluster.\n");
            kb.write("notes/docker.md", "# Docker Tips\n\ndbash() { docker exec -it $1 bash; }\n");
            kb.start();
            await().atMost(Duration.ofSeconds(60)).until(() -> kb.indexed(List.of("kafka/bridge.md", "notes/docker.md")));
            WebDriver browser = browser();
            try {
                browser.get("http://localhost:" + kb.port() + "/");
                browser.findElement(By.id("q")).sendKeys("kafkabridge\n");
                await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.id("results")).getText()
                        .contains("kafka/bridge.md"));
                String results = browser.findElement(By.id("results")).getText();
                assertTrue(results.contains("Cluster link") && results.contains("L0 exact"), results);
                assertTrue(browser.findElement(By.cssSelector("#results mark")).getText().equalsIgnoreCase("kafkabridge"));
                await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.id("documents")).getText()
                        .startsWith("2 documents"));
                assertTrue(browser.findElement(By.id("lag")).getText().startsWith("lag: chunker "));
                assertTrue(browser.findElement(By.id("dlq")).getText().startsWith("dead letters: "));
                Path shot = ((ChromeDriver) browser).getScreenshotAs(OutputType.FILE).toPath();
                Path target = Path.of("target", "status-page.png");
                Files.copy(shot, target, StandardCopyOption.REPLACE_EXISTING);
                System.out.println("[browser] screenshot " + target.toAbsolutePath());

                browser.findElement(By.id("q")).clear();
                browser.findElement(By.id("q")).sendKeys("sourdough starter\n");
                await().atMost(Duration.ofSeconds(30)).until(() -> !browser.findElements(By.id("nothing-found")).isEmpty());
                assertTrue(browser.findElement(By.id("nothing-found")).getText().contains("Nothing found"));
            } finally {
                browser.quit();
            }
        }
    }

    /** Headless, no sandbox (root in CI), and no background traffic to the closed network. */
    private WebDriver browser() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--window-size=1200,900", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}
