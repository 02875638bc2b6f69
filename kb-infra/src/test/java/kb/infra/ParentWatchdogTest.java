package kb.infra;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A child started through the watchdog does not outlive a JVM killed with SIGKILL. */
class ParentWatchdogTest {

    @Test
    void shouldStopTheChildWhenTheJvmIsKilledWithSigkill() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process jvm = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), WatchdogChildMain.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try {
            long wrapperPid = Long.parseLong(
                    new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))
                            .readLine()
                            .strip());
            ProcessHandle wrapper = ProcessHandle.of(wrapperPid).orElseThrow();
            await().atMost(Duration.ofSeconds(10)).until(() -> wrapper.descendants()
                    .anyMatch(p -> p.info().command().orElse("").endsWith("sleep")));
            List<ProcessHandle> watched = wrapper.descendants().toList();
            jvm.destroyForcibly(); // SIGKILL: no shutdown hook runs
            jvm.waitFor();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> !wrapper.isAlive() && watched.stream().noneMatch(ProcessHandle::isAlive));
            assertTrue(watched.stream().noneMatch(ProcessHandle::isAlive));
        } finally {
            jvm.destroyForcibly();
        }
    }
}
