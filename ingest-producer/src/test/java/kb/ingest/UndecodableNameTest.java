package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import kb.ingest.watch.BaseFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file name that is not valid UTF-8 is reported with its bytes escaped, by the scan and by the watcher. */
class UndecodableNameTest {

    @TempDir
    Path dir;

    private final PathFilter filter = new PathFilter(Set.copyOf(ProducerConfig.DEFAULT_EXTENSIONS), List.of());

    /** Java cannot spell such a name, so the shell makes it. */
    private void touchLatin1Name(String printfName) throws Exception {
        Process touch = new ProcessBuilder("bash", "-c", "touch \"$(printf '" + printfName + "')\"")
                .directory(dir.toFile())
                .start();
        assertEquals(0, touch.waitFor());
    }

    @Test
    void shouldReportANameThatIsNotUtf8AndListTheOthers() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash makes the file");
        Files.writeString(dir.resolve("ok.md"), "# ok\n");
        touchLatin1Name("bad\\xffname.md");
        List<String> reported = new CopyOnWriteArrayList<>();
        try (TreeWatcher watcher =
                new TreeWatcher(new BaseFolder(dir), filter::acceptsDirectory, reported::add, folder -> {})) {
            assertEquals(List.of("ok.md"), watcher.registerTree(""));
            assertEquals(List.of("bad%FFname.md"), reported);

            touchLatin1Name("caf\\xe9.md");
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                watcher.poll(200);
                return reported.contains("caf%E9.md");
            });
        }
    }
}
