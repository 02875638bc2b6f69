package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kb.infra.FreePorts;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A stop from a terminal or a process manager is a clean stop: {@code kb up}, run as a terminal runs a job (leading a
 * process group of its own), gets SIGINT (Ctrl-C) or SIGTERM sent to its whole group, or to itself alone, and stops
 * everything it started with no WARN or ERROR line and no restart. Before, the group's signal reached Elasticsearch
 * first, and kb logged "exited unexpectedly with code 143", "restarting" and "ERROR ... restart failed" while it
 * stopped.
 */
class StopFromAnySignalTest {

    private static final Duration STOPPED_WITHIN = Duration.ofSeconds(90);

    @TempDir
    Path work;

    @ParameterizedTest(name = "SIG{0} to {1}")
    @CsvSource({"INT, group", "TERM, group", "INT, kb"})
    void shouldStopQuietlyWhenTheSignalReachesTheProcessGroup(String signal, String target) throws Exception {
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path notes = Files.createDirectories(work.resolve("notes"));
        Files.writeString(notes.resolve("first.md"), "# First\n\nThe glimmerwort runbook.\n");
        try (KbProcess kb = KbProcess.startAsTerminalJob(
                work.resolve("logs"),
                "kb",
                Map.of(),
                "up",
                "--dir",
                notes.toString(),
                "--data",
                work.resolve("data").toString(),
                "--port",
                Integer.toString(FreePorts.pick()))) {
            assertTrue(kb.awaitOutput("kb ready at", Duration.ofMinutes(4)), kb.stdout() + kb.stderr());
            List<ProcessHandle> started =
                    ProcessHandle.of(kb.pid()).orElseThrow().descendants().toList();
            assertFalse(started.isEmpty(), "kb started Elasticsearch as a child");
            int outBefore = kb.stdout().length();
            int errBefore = kb.stderr().length();

            send(signal, target.equals("group") ? "-" + kb.processGroup() : Long.toString(kb.pid()));

            Integer status = kb.awaitExit(STOPPED_WITHIN);
            String said = kb.stdout().substring(outBefore) + kb.stderr().substring(errBefore);
            assertEquals(128 + (signal.equals("INT") ? 2 : 15), status, "stopped by the signal\n" + said);
            List<String> noisy = said.lines()
                    .filter(line -> line.matches(".*\\] (WARN|ERROR) .*") || line.contains("restart"))
                    // A model's load writes DJL's notices (no GPU, the tokenizer's length) on whichever thread loads it
                    // first: the API's warm-up, or the sink's vector pass (seen in a clean-clone CI under load).
                    .filter(line -> !line.contains("] WARN  ai.djl."))
                    .toList();
            assertEquals(List.of(), noisy, "no warning, error or restart while it stopped:\n" + said);
            awaitGone(started);
        }
    }

    /**
     * The two embedding models (by language, the default) loaded by the warm-up that starts at ready. A stop while
     * ONNX Runtime creates a model's session can crash the JVM in libonnxruntime (SIGSEGV, exit 134: seen with and
     * without waiting for the warm-up at close); not fixed here, so the signal is sent once the warm-up says it is
     * done: a model's "loaded" line may come from another thread's load while the warm-up still creates a session of
     * its own (a clean-clone CI crashed so).
     */
    private static void awaitModelsLoaded(KbProcess kb) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (!kb.stderr().contains("the embedding models are loaded and warm")
                && Instant.now().isBefore(deadline)) {
            assertTrue(kb.isAlive(), kb.stdout() + kb.stderr());
            kb.awaitExit(Duration.ofMillis(200));
        }
    }

    /** {@code kill}, as a shell sends it: Java can signal a process but not a process group. */
    private static void send(String signal, String target) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-s", signal, "--", target)
                .redirectErrorStream(true)
                .start();
        assertTrue(kill.waitFor(10, TimeUnit.SECONDS), "kill ran");
        assertEquals(0, kill.exitValue(), new String(kill.getInputStream().readAllBytes()));
    }

    /** Elasticsearch and its launcher stopped with kb (reaped a moment after kb's own exit at most). */
    private static void awaitGone(List<ProcessHandle> started) throws Exception {
        try {
            CompletableFuture.allOf(started.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new))
                    .get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            List<String> alive = started.stream()
                    .filter(ProcessHandle::isAlive)
                    .map(h -> h.pid() + " " + h.info().commandLine().orElse(""))
                    .toList();
            assertEquals(List.of(), alive, "nothing kb started outlives it");
        }
    }
}
