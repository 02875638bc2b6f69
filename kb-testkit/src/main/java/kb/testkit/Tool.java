package kb.testkit;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
