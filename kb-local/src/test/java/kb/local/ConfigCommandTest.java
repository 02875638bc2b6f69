package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import kb.core.settings.KbSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code kb config}: each setting in force with its source, the file found where it is documented (the data folder,
 * beside the folder, or {@code --config}), the environment over the file and the flags over both; a bad file is a
 * usage error naming the file and the key.
 */
class ConfigCommandTest {

    @TempDir
    Path work;

    private record Run(int status, String out, String err) {

        /** The value and source printed on {@code name}'s line. */
        String line(String name) {
            return out.lines()
                    .filter(l -> l.startsWith(name + " "))
                    .findFirst()
                    .map(l -> l.substring(name.length()).strip().replaceAll(" {2,}", " | "))
                    .orElseThrow(() -> new AssertionError(name + " not in\n" + out));
        }
    }

    private Run kb(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = KbMain.commandLine(env);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int status = commandLine.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    private String[] args(String... more) {
        String[] base = {
            "config",
            "--dir",
            work.resolve("notes").toString(),
            "--data",
            work.resolve("data").toString()
        };
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void shouldPrintEverySettingWithItsSourceWhenAFileTheEnvironmentAndAFlagSetThem() throws Exception {
        Path file = work.resolve("kb.yaml"); // beside the folder
        Files.writeString(file, "api-port: 9091\ngate-min-cosine: 0.7\nsink:\n  batch: 64\nlog-format: json\n");
        Run run = kb(Map.of("KB_SINK_BATCH", "32", "KB_API_TOKEN", "secret"), args("--port", "9200"));

        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().startsWith("# settings file " + file + "\n"), run.out());
        assertEquals("9200 | flag --port", run.line("KB_API_PORT"));
        assertEquals("0.7 | file " + file, run.line("KB_GATE_MIN_COSINE"));
        assertEquals("json | file " + file, run.line("KB_LOG_FORMAT"));
        assertEquals("32 | environment KB_SINK_BATCH", run.line("KB_SINK_BATCH"));
        assertEquals("evidence | default", run.line("KB_FUSION"));
        assertEquals("(set) | environment KB_API_TOKEN", run.line("KB_API_TOKEN"), "a secret is never printed");
        assertEquals(work.resolve("data") + " | flag --data", run.line("KB_DATA_DIR"));
        assertFalse(run.out().contains("secret"));
        long lines = run.out()
                .lines()
                .filter(l -> Pattern.matches("KB_[A-Z0-9_]+ .*", l))
                .count();
        assertEquals(KbSettings.ALL.size(), lines, "one line per setting");
    }

    @Test
    void shouldPreferTheDataFoldersFileAndTakeAnExplicitOneOverBoth() throws Exception {
        Files.createDirectories(work.resolve("data"));
        Files.writeString(work.resolve("kb.yaml"), "api-port: 9091\n");
        Files.writeString(work.resolve("data/kb.yaml"), "api-port: 9092\n");
        Path named = Files.writeString(work.resolve("other.yaml"), "api-port: 9093\n");

        assertEquals(
                "9092 | file " + work.resolve("data/kb.yaml"),
                kb(Map.of(), args()).line("KB_API_PORT"));
        assertEquals(
                "9093 | file " + named,
                kb(Map.of(), args("--config", named.toString())).line("KB_API_PORT"));
        assertEquals(
                "9094 | environment KB_API_PORT",
                kb(Map.of("KB_API_PORT", "9094"), args()).line("KB_API_PORT"));
    }

    @Test
    void shouldSaySoWhenThereIsNoFile() {
        Run run = kb(Map.of(), args());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().startsWith("# no settings file"), run.out());
        assertEquals("8080 | default", run.line("KB_API_PORT"));
    }

    @Test
    void shouldRefuseWithTheFileAndTheKeyWhenAKeyIsUnknown() throws Exception {
        Path file = Files.writeString(work.resolve("kb.yaml"), "api-prot: 9091\n");
        Run run = kb(Map.of(), args());
        assertEquals(2, run.status());
        assertTrue(
                run.err().startsWith("kb: " + file + ": unknown setting 'api-prot' (did you mean 'api-port'?)"),
                run.err());
    }

    @Test
    void shouldRefuseWithTheFileAndTheKeyWhenAValueHasTheWrongType() throws Exception {
        Path file = Files.writeString(work.resolve("kb.yaml"), "extract-ocr: sometimes\n");
        Run run = kb(Map.of(), args());
        assertEquals(2, run.status());
        assertTrue(
                run.err().startsWith("kb: " + file + ": extract-ocr: KB_EXTRACT_OCR must be auto, true or false"),
                run.err());
    }

    @Test
    void shouldRefuseWhenTheNamedFileIsMissing() {
        Run run = kb(Map.of(), args("--config", work.resolve("nope.yaml").toString()));
        assertEquals(2, run.status());
        assertTrue(run.err().startsWith("kb: --config " + work.resolve("nope.yaml") + ": no such file"), run.err());
    }

    @Test
    void shouldTakeTheFilesPortForKbUpWhenNoFlagOrVariableSetsIt() throws Exception {
        Files.writeString(work.resolve("kb.yaml"), "api-port: 9091\napi-host: 127.0.0.1\n");
        UpOptions options = UpOptions.parse(
                List.of(
                        "--dir",
                        work.resolve("notes").toString(),
                        "--data",
                        work.resolve("data").toString()),
                Map.of());
        assertEquals(9091, options.port());
    }
}
