package kb.local.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.core.settings.Settings;
import kb.ingest.ProducerConfig;
import kb.testkit.MissingTool;
import kb.testkit.Tool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kb verify}'s scan of a folder with a file it cannot read (mode 000), as an ordinary user meets it. The scan
 * runs in a child process without the capabilities that let root read any file; needs root and {@code setpriv},
 * skipped with a message elsewhere.
 */
class UnreadableFileScanTest {

    private static final String NO_DAC = "-dac_override,-dac_read_search";

    @TempDir
    Path base;

    @Test
    void shouldReportAnUnreadableFileAsWellAsAnUnreadableFolder() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "the scan's capabilities are dropped as root");
        Files.writeString(base.resolve("open.md"), "# Open\n");
        Files.writeString(base.resolve("locked.md"), "# Locked\n");
        Files.createDirectories(base.resolve("closed"));
        Files.writeString(base.resolve("closed/inside.md"), "# Inside\n");
        Files.setPosixFilePermissions(base.resolve("locked.md"), PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(base.resolve("closed"), PosixFilePermissions.fromString("---------"));
        try {
            List<String> printed = scanWithoutReadAnything().stream().sorted().toList();
            assertEquals(3, printed.size(), printed.toString());
            assertEquals("expected notes:open.md", printed.get(0));
            assertTrue(printed.get(1).startsWith("unreadable notes:closed "), printed.get(1));
            assertEquals(
                    "unreadable notes:locked.md (file not readable: " + base.resolve("locked.md") + ")",
                    printed.get(2));
        } finally {
            Files.setPosixFilePermissions(base.resolve("closed"), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private List<String> scanWithoutReadAnything() throws Exception {
        MissingTool.assumeInstalled(Tool.SETPRIV);
        ProcessBuilder builder = new ProcessBuilder(
                "setpriv",
                "--inh-caps=" + NO_DAC,
                "--bounding-set=" + NO_DAC,
                "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                ScanMain.class.getName(),
                base.toString());
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        return out.lines().toList();
    }

    /** The scan of one folder, its expected documents and unreadable entries printed one a line. */
    public static final class ScanMain {
        public static void main(String[] args) throws Exception {
            Map<String, String> settings = new HashMap<>(Map.of("KB_BASE_DIR", args[0], "KB_COLLECTION", "notes"));
            ProducerConfig rules = ProducerConfig.from(new Settings(settings));
            ExpectedDocuments.Scan scan =
                    ExpectedDocuments.scan(List.of(new Folder("notes", Path.of(args[0]))), rules, new HashMap<>());
            scan.documents()
                    .values()
                    .forEach(e -> System.out.println("expected " + e.folder().collection() + ":" + e.path()));
            scan.unreadable().forEach(u -> System.out.println("unreadable " + u));
        }
    }
}
