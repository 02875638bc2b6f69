package kb.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The page tests' browser: Debian's headless Chromium driven by its ChromeDriver, with the console kept and
 * screenshots written to {@code target/} (named in the test output, so a person can look at what the test saw).
 */
final class HeadlessChromium implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;

    private HeadlessChromium(ChromeDriver driver) {
        this.driver = driver;
    }

    /**
     * Headless, no sandbox (root in CI), no background traffic to the closed network, a profile of its own. A test
     * first calls {@code MissingTool.assumeInstalled(Tool.CHROMIUM)}, before it starts anything else.
     */
    static HeadlessChromium start(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1200,900",
                "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new HeadlessChromium(new ChromeDriver(service, options));
    }

    WebDriver driver() {
        return driver;
    }

    /** The visible text of the element with this id. */
    String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    Object js(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(script, arguments);
    }

    void screenshot(String name) throws Exception {
        Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
        Path target = Path.of("target", name);
        Files.copy(shot, target, StandardCopyOption.REPLACE_EXISTING);
        System.out.println("[browser] screenshot " + target.toAbsolutePath());
    }

    @Override
    public void close() {
        driver.quit();
    }
}
