package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import kb.infra.Infrastructure;
import kb.local.verify.Drift;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code kb verify --url} finds the pipeline behind the API (its broker, Elasticsearch and prefixes) with nothing
 * else given, fails within seconds naming what it could not reach, and counts a name that is not UTF-8 as drift of
 * its own kind.
 */
class VerifyFindsPipelineTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @TempDir
    Path empty;

    @Test
    void shouldFindThePipelineFromTheApiAloneAndCountANameThatIsNotUtf8() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("notes/a.md", "# A\n\nalpha text\n");
            kb.start();
            VerifyCommand verify = new VerifyCommand(Map.of());
            new CommandLine(verify)
                    .parseArgs(
                            "--url",
                            "http://localhost:" + kb.port(),
                            "--dir",
                            PipelineHarness.COLLECTION + "=" + kb.kbDir(),
                            "--data",
                            empty.toString());
            VerifyCommand.Options options = verify.options();
            Infrastructure infra = SharedInfrastructure.get();
            assertEquals(infra.bootstrapServers(), options.kafka());
            assertEquals(infra.elasticsearchUrl(), options.elasticsearch());
            assertEquals(kb.prefix(), options.settings().string("KB_INDEX_PREFIX", null));
            await().atMost(DEADLINE)
                    .until(() -> VerifyCommand.verifier(options).check().healthy());

            assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash makes the file");
            Process touch = new ProcessBuilder(
                            "bash", "-c", "touch \"" + kb.kbDir() + "/notes/$(printf 'bad\\xffname.md')\"")
                    .inheritIO()
                    .start();
            assertEquals(0, touch.waitFor());
            VerifyReport report = VerifyCommand.verifier(options).check();
            Drift folders = report.layers().get(0);
            assertEquals(1, folders.missing(), folders.examples().toString());
            assertTrue(
                    folders.examples().get(0).contains("bad%FFname.md"),
                    folders.examples().toString());
            assertTrue(!report.healthy());
        }
    }

    @Test
    void shouldFailWithinSecondsNamingWhatItCouldNotReach() {
        long start = System.nanoTime();
        int status = new CommandLine(new VerifyCommand(Map.of()))
                .execute(
                        "--url",
                        "http://localhost:1",
                        "--dir",
                        empty.toString(),
                        "--data",
                        empty.toString(),
                        "--kafka",
                        "localhost:1",
                        "--es",
                        "http://localhost:1");
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(1, status);
        assertTrue(took.compareTo(Duration.ofSeconds(20)) < 0, "failed after " + took);
    }
}
