package kb.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kb.local.KbMain;
import kb.local.UpOptions;
import kb.local.verify.Endpoints;
import kb.local.verify.VerifyCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The {@code kb} command line: help, usage errors and exit statuses, without starting anything. */
class KbCommandLineTest {

    @TempDir
    Path dir;

    /** What one run of {@code kb ARGS} printed and returned. */
    private record Run(int status, String out, String err) {}

    private static Run kb(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = KbMain.commandLine(env);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int status = commandLine.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void shouldListEveryCommandWhenAskedForHelp() {
        Run run = kb(Map.of(), "--help");
        assertEquals(0, run.status());
        for (String command : List.of("up", "verify", "eval", "calibrate", "bench", "cluster")) {
            assertTrue(run.out().contains("  " + command + " "), command + " in\n" + run.out());
        }
    }

    @Test
    void shouldPrintTheVersionAndCommitWhenAskedForTheVersion() {
        for (String flag : List.of("--version", "-V")) {
            Run run = kb(Map.of(), flag);
            assertEquals(0, run.status(), run.err());
            assertTrue(run.out().matches("kb \\d+\\.\\d+\\.\\d+\\S* \\(commit [0-9a-f]{7,40}\\)\\R"), run.out());
        }
    }

    @Test
    void shouldExitWithTheUsageStatusWhenNoCommandOrAnUnknownOneIsGiven() {
        Run none = kb(Map.of());
        assertEquals(2, none.status());
        assertTrue(none.err().contains("Usage: kb"), none.err());
        assertEquals(2, kb(Map.of(), "serve").status());
    }

    @Test
    void shouldExitWithTheUsageStatusNamingTheOptionWhenAnOptionIsUnknownOrMalformed() {
        Run unknown = kb(Map.of(), "up", "--portt", "8080");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("--portt"), unknown.err());
        Run malformed = kb(Map.of(), "bench", "--docs", "many");
        assertEquals(2, malformed.status());
        assertTrue(malformed.err().contains("--docs"), malformed.err());
    }

    @Test
    void shouldExitWithTheUsageStatusWhenACommandRefusesAValue() {
        Run exposed = kb(Map.of(), "up", "--host", "0.0.0.0");
        assertEquals(2, exposed.status());
        assertTrue(exposed.err().contains("KB_API_TOKEN"), exposed.err());
        assertEquals(2, kb(Map.of(), "up", "--port", "70000").status());
    }

    @Test
    void shouldTakeExactlyOneOfDatasetAndScenariosWhenEvaluating() {
        assertEquals(2, kb(Map.of(), "eval").status());
        assertEquals(2, kb(Map.of(), "eval", "--dataset", "d", "--scenarios").status());
        Run mixed = kb(Map.of(), "eval", "--scenarios", "--sweep", "0.5");
        assertEquals(2, mixed.status());
        assertTrue(mixed.err().contains("--dataset"), mixed.err());
    }

    @Test
    void shouldNeedUpOrDrillWhenClustering() {
        assertEquals(2, kb(Map.of(), "cluster").status());
        assertEquals(2, kb(Map.of(), "cluster", "drill", "--dir", "x").status());
        assertEquals(0, kb(Map.of(), "cluster", "drill", "--help").status());
    }

    @Test
    void shouldAcceptBothOptionSpellingsWhenParsingUp() {
        UpOptions options = UpOptions.parse(List.of("--port=9001", "--data", dir.toString()), Map.of());
        assertEquals(9001, options.port());
        assertEquals(dir.toAbsolutePath().normalize(), options.dataDir());
        assertEquals(
                8081, UpOptions.parse(List.of(), Map.of("KB_API_PORT", "8081")).port());
    }

    @Test
    void shouldNameTheUrlThatDidNotAnswerWhenVerifyIsGivenAWrongUrl() {
        Run run = kb(Map.of(), "verify", "--url", "http://127.0.0.1:1", "--dir", dir.toString());
        assertEquals(1, run.status(), run.err());
        assertTrue(run.err().startsWith("kb verify: the API at http://127.0.0.1:1 did not answer"), run.err());
        assertFalse(run.err().contains("broker"), run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
    }

    @Test
    void shouldSayWhatIsMissingWithoutAStackTraceWhenVerifyHasNoDirAndNoApiTellsIt() throws Exception {
        new Endpoints("127.0.0.1:1", "http://127.0.0.1:1", "http://127.0.0.1:1").write(dir);
        Run run = kb(Map.of("KB_BASE_DIR", dir.resolve("absent").toString()), "verify", "--data", dir.toString());
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains("no --dir given, and the API at http://127.0.0.1:1"), run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
    }

    @Test
    void shouldFindThePipelineInTheDataFolderWhenVerifyIsGivenOnlyDataAndDir() throws Exception {
        new Endpoints("127.0.0.1:19092", "http://127.0.0.1:19200", "http://localhost:18080").write(dir);
        VerifyCommand verify = new VerifyCommand(Map.of());
        new CommandLine(verify)
                .parseArgs("--data", dir.toString(), "--dir", "notes=" + dir.resolve("kb"), "--wait", "3");
        VerifyCommand.Options options = verify.options();
        assertEquals("127.0.0.1:19092", options.kafka());
        assertEquals("http://127.0.0.1:19200", options.elasticsearch());
        assertEquals("http://localhost:18080", options.apiUrl());
        assertEquals("notes", options.folders().get(0).collection());
        assertEquals(Duration.ofSeconds(3), options.patience());
    }
}
