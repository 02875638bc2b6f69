package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kb.core.settings.Settings;
import kb.infra.Infrastructure;
import kb.local.verify.Drift;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code kb verify} against a real pipeline: no drift once it caught up; each kind of drift when it has not. */
class VerifyCommandTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @Test
    void shouldReportNoDriftWhenThePipelineHasCaughtUp() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("notes/a.md", "# A\n\nalpha text\n");
            kb.write("notes/b.txt", "beta text\n");
            kb.write("conf/c.yaml", "name: gamma\n");
            kb.write(".hidden/d.md", "# hidden\n");
            kb.write("notes/e.bin.md", "binary\u0000content\n");
            kb.start();
            VerifyCommand.Options options = options(kb, "http://localhost:" + kb.port());
            await().atMost(DEADLINE)
                    .until(() -> VerifyCommand.verifier(options).check().healthy());

            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            VerifyReport report = VerifyCommand.run(options, new PrintStream(printed, true, StandardCharsets.UTF_8));
            assertEquals(3, report.expectedDocuments(), "the hidden and the binary file are not expected");
            assertEquals(7, report.layers().size(), "the folders, three topics, two indexes, the API's listing");
            assertTrue(
                    printed.toString(StandardCharsets.UTF_8).contains("missing 0, stale 0, extra 0, duplicate 0"),
                    printed.toString(StandardCharsets.UTF_8));

            VerifyCommand byUrl = new VerifyCommand(Map.of());
            new CommandLine(byUrl).parseArgs("--url", "http://localhost:" + kb.port());
            VerifyCommand.Options told = byUrl.options();
            assertEquals(options.folders(), told.folders(), "without --dir: the API's own folders");
            assertEquals(options.kafka(), told.kafka());
            assertEquals(options.elasticsearch(), told.elasticsearch());
            assertTrue(VerifyCommand.verifier(told).check().healthy());
        }
    }

    @Test
    void shouldReportMissingStaleAndExtraWhenTheFolderChangedWhileThePipelineWasStopped() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("notes/a.md", "# A\n\nalpha text\n");
            kb.write("notes/b.md", "# B\n\nbeta text\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> VerifyCommand.verifier(options(kb, "http://localhost:" + kb.port()))
                    .check()
                    .healthy());
            kb.stop();
            kb.write("notes/a.md", "# A\n\nalpha text, edited\n");
            kb.delete("notes/b.md");
            kb.write("notes/new.md", "# New\n\nnew text\n");

            VerifyReport report = VerifyCommand.verifier(options(kb, null)).check();
            assertEquals(6, report.layers().size());
            for (Drift layer : report.layers().subList(1, 6)) {
                assertEquals(
                        List.of(1, 1, 1, 0),
                        List.of(layer.missing(), layer.stale(), layer.extra(), layer.duplicate()),
                        layer.layer() + ": " + layer.examples());
            }
            assertTrue(!report.healthy());
        }
    }

    private static VerifyCommand.Options options(PipelineHarness kb, String api) throws Exception {
        return options(kb, api, List.of(new Folder(PipelineHarness.COLLECTION, kb.kbDir())));
    }

    /** What kb verify compares for the harness's pipeline: these folders with its topics, indexes and API, if any. */
    static VerifyCommand.Options options(PipelineHarness kb, String api, List<Folder> folders) throws Exception {
        Infrastructure infra = SharedInfrastructure.get();
        Settings settings = new Settings(Map.of(
                "KB_TOPIC_PREFIX",
                kb.prefix() + ".",
                "KB_INDEX_PREFIX",
                kb.prefix(),
                "KB_KAFKA_BOOTSTRAP",
                infra.bootstrapServers()));
        return new VerifyCommand.Options(
                folders, api, infra.bootstrapServers(), infra.elasticsearchUrl(), Duration.ZERO, settings);
    }
}
