package kb.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

class MissingToolReportTest {

    @TempDir
    Path tmp;

    /** Run by the test below, not by surefire (a nested class): one test needs a tool, one does not. */
    static class NeedsPrometheus {
        @Test
        void checksTheRules() {
            MissingTool.skipUnless(Tool.PROMETHEUS, false);
        }

        @Test
        void skippedForAnotherReason() {
            Assumptions.assumeTrue(false, "not a tool: never listed");
        }

        @Test
        void needsNothing() {}
    }

    /** A whole class skipped from {@code @BeforeAll}. */
    static class NeedsChromium {
        @BeforeAll
        static void start() {
            MissingTool.skipUnless(Tool.CHROMIUM, false);
        }

        @Test
        void showsThePage() {}
    }

    @Test
    void shouldListEachTestSkippedForAMissingToolWithTheCommandThatInstallsIt() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SummaryGeneratingListener counts = run(
                new MissingToolReport(Optional.empty(), "m", new PrintStream(out, true, StandardCharsets.UTF_8)),
                NeedsPrometheus.class,
                NeedsChromium.class);
        assertEquals(1, counts.getSummary().getTestsSucceededCount());
        assertEquals(
                """
                [kb-testkit] 2 tests were skipped for a missing tool; install it and run them again:
                [kb-testkit]   Prometheus and promtool: apt-get install prometheus
                [kb-testkit]     kb.testkit.MissingToolReportTest$NeedsPrometheus#checksTheRules
                [kb-testkit]   Chromium and its driver: apt-get install chromium chromium-driver
                [kb-testkit]     kb.testkit.MissingToolReportTest$NeedsChromium
                """,
                out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldPrintTheWholeBuildsSkipsWhenEarlierModulesWroteTheirs() throws IOException {
        Path runs = tmp.resolve("skipped");
        SkipLedger ledger = new SkipLedger(runs, runs.resolve("20261206-080000"));
        ledger.write("kb-infra", List.of(new ToolSkip("kb.infra.XTest#shouldY", Tool.SETPRIV)));
        Path earlierRun = Files.createDirectories(runs.resolve("20261205-230000"));
        Files.writeString(earlierRun.resolve("kb-local.tsv"), "DOCKER\tkb.local.Old\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        run(
                new MissingToolReport(
                        Optional.of(ledger), "kb-local", new PrintStream(out, true, StandardCharsets.UTF_8)),
                NeedsChromium.class);
        assertEquals(
                """
                [kb-testkit] 2 tests were skipped for a missing tool; install it and run them again:
                [kb-testkit]   setpriv: apt-get install util-linux
                [kb-testkit]     kb.infra.XTest#shouldY
                [kb-testkit]   Chromium and its driver: apt-get install chromium chromium-driver
                [kb-testkit]     kb.testkit.MissingToolReportTest$NeedsChromium
                """,
                out.toString(StandardCharsets.UTF_8));
        assertTrue(Files.notExists(earlierRun), "an earlier build's list is not this one's");
    }

    @Test
    void shouldPrintNothingWhenNoToolWasMissing() {
        assertEquals("", MissingToolReport.summary(List.of()));
    }

    private static SummaryGeneratingListener run(MissingToolReport report, Class<?>... classes) {
        SummaryGeneratingListener counts = new SummaryGeneratingListener();
        var launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false)
                .addTestExecutionListeners(report, counts)
                .build());
        var request = LauncherDiscoveryRequestBuilder.request();
        for (Class<?> type : classes) {
            request.selectors(selectClass(type));
        }
        launcher.execute(request.build());
        return counts;
    }
}
