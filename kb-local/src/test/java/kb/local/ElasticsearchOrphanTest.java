package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import kb.infra.Infrastructure;
import kb.testkit.TempTrees;
import org.junit.jupiter.api.Test;

/** kill -9 of the JVM that started Elasticsearch does not leave Elasticsearch running. */
class ElasticsearchOrphanTest {

    @Test
    void shouldStopElasticsearchWhenTheJvmThatStartedItIsKilled() throws Exception {
        Path root = Files.createTempDirectory("kb-it-orphan-");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process jvm = new ProcessBuilder(
                        java,
                        "-Dkb.elasticsearch.zip="
                                + Infrastructure.distributionZip().toAbsolutePath(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ElasticsearchChildMain.class.getName(),
                        root.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        List<ProcessHandle> elasticsearch = new ArrayList<>();
        try {
            BufferedReader out =
                    new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            while (line != null && !line.startsWith("pid ")) {
                line = out.readLine();
            }
            assertTrue(line != null, "the child JVM did not start Elasticsearch");
            ProcessHandle wrapper =
                    ProcessHandle.of(Long.parseLong(line.substring(4).strip())).orElseThrow();
            elasticsearch.add(wrapper);
            elasticsearch.addAll(wrapper.descendants().toList());
            assertTrue(
                    elasticsearch.stream().anyMatch(p -> p.info()
                            .commandLine()
                            .orElse("")
                            .contains("org.elasticsearch.bootstrap.Elasticsearch")),
                    "server process found");
            long killedAt = System.nanoTime();
            jvm.destroyForcibly(); // SIGKILL: no shutdown hook runs
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> elasticsearch.stream().noneMatch(ProcessHandle::isAlive));
            System.out.printf(
                    "[orphan] Elasticsearch gone %d ms after kill -9 of its JVM%n",
                    (System.nanoTime() - killedAt) / 1_000_000);
        } finally {
            jvm.destroyForcibly();
            elasticsearch.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle process : elasticsearch) {
                process.onExit().get(30, TimeUnit.SECONDS);
            }
            TempTrees.delete(root);
        }
    }
}
