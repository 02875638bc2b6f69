package kb.search.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A JVM that exits while it embeds exits cleanly: before {@link HeldEnvironment}, ONNX Runtime's own exit hook freed
 * its environment under a running session and 9 of 24 such exits died with SIGSEGV (exit 134).
 */
class ExitWhileEmbeddingTest {

    /** Exit moments from a model's load to batches in full flight (the crash came from 1.1 s to 3.8 s). */
    private static final long[] EXIT_AFTER_MS = {1_100, 2_000, 2_900, 3_800};

    @Test
    void shouldHoldTheEnvironmentPastOnnxRuntimesExitHook() {
        assertTrue(HeldEnvironment.held(), "the binding's environment call changed: see HeldEnvironment");
    }

    @Test
    void shouldExitCleanlyWhenTheJvmStopsWhileEmbedding() throws Exception {
        for (long exitAfter : EXIT_AFTER_MS) {
            Process jvm = embedUntilExit(exitAfter);
            assertTrue(jvm.waitFor(60, TimeUnit.SECONDS), "the JVM did not exit");
            String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, jvm.exitValue(), "exit after " + exitAfter + " ms:\n" + output);
        }
    }

    private static Process embedUntilExit(long exitAfter) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(
                        java,
                        "-XX:ErrorFile=/dev/null",
                        "-cp",
                        System.getProperty("java.class.path"),
                        EmbedUntilExit.class.getName(),
                        Long.toString(exitAfter))
                .redirectErrorStream(true)
                .start();
    }
}
