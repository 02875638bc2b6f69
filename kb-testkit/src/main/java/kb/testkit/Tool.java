package kb.testkit;

import java.awt.GraphicsEnvironment;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.testcontainers.DockerClientFactory;

/**
 * A tool some tests need and a machine may lack, with the Debian packages that install it ({@code .ci/run} installs
 * them). A test that needs one calls {@link MissingTool#assumeInstalled}, which skips it with a message and lists it
 * in the summary printed at the end of {@code mvn -B test}.
 */
public enum Tool {
    CHROMIUM(
            "Chromium and its driver",
            List.of("chromium", "chromium-driver"),
            () -> executable("/usr/bin/chromium") && executable("/usr/bin/chromedriver")),
    PROMETHEUS(
            "Prometheus and promtool",
            List.of("prometheus"),
            () -> executable("/usr/bin/prometheus") && executable("/usr/bin/promtool")),
    NGINX("nginx", List.of("nginx"), () -> executable("/usr/sbin/nginx")),
    /** Tesseract, with the English and simplified Chinese data the extractor's OCR reads. */
    TESSERACT("Tesseract OCR", List.of("tesseract-ocr", "tesseract-ocr-chi-sim"), () -> onPath("tesseract")),
    /** Tesseract's simplified Chinese data, as {@code tesseract --list-langs} lists it. */
    TESSERACT_CHINESE(
            "Tesseract's simplified Chinese data", List.of("tesseract-ocr-chi-sim"), () -> tesseractReads("chi_sim")),
    /** A font with Chinese glyphs, for tests that draw Chinese text into an image (Java2D falls back to it). */
    CJK_FONT("a font with Chinese glyphs", List.of("fonts-wqy-zenhei"), () -> fontDisplays("中文")),
    SETPRIV("setpriv", List.of("util-linux"), () -> onPath("setpriv")),
    /** A running Docker engine this user may use, as Testcontainers finds it. */
    DOCKER("a Docker engine", List.of("docker.io"), () -> DockerClientFactory.instance()
            .isDockerAvailable());

    private final String label;
    private final List<String> debianPackages;
    private final BooleanSupplier installed;

    Tool(String label, List<String> debianPackages, BooleanSupplier installed) {
        this.label = label;
        this.debianPackages = debianPackages;
        this.installed = installed;
    }

    /** What the tool is, for a person: {@code Chromium and its driver}. */
    public String label() {
        return label;
    }

    /** The command that installs it on Debian or Ubuntu. */
    public String installCommand() {
        return "apt-get install " + String.join(" ", debianPackages);
    }

    public boolean installed() {
        return installed.getAsBoolean();
    }

    private static boolean executable(String path) {
        return Files.isExecutable(Path.of(path));
    }

    private static boolean tesseractReads(String language) {
        if (!onPath("tesseract")) {
            return false;
        }
        try {
            Process process = new ProcessBuilder("tesseract", "--list-langs")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor(10, TimeUnit.SECONDS)
                    && out.lines().map(String::strip).anyMatch(language::equals);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean fontDisplays(String text) {
        return Arrays.stream(GraphicsEnvironment.getLocalGraphicsEnvironment().getAllFonts())
                .anyMatch(font -> font.canDisplayUpTo(text) == -1);
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String folder : path.split(File.pathSeparator)) {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, command))) {
                return true;
            }
        }
        return false;
    }
}
