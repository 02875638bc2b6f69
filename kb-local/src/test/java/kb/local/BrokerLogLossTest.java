package kb.local;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker can lose a topic's log (a full disk corrupts it and the restart truncates it to nothing): the file
 * events of every file indexed so far are gone, while the documents and the index remain. Restarted over such a
 * log, with the folder changed meanwhile, the pipeline must apply the edit, the addition and the delete (the
 * delete's file has no record left to withdraw) and end with no drift.
 */
class BrokerLogLossTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    @TempDir
    Path work;

    private PipelineRun run;

    @AfterEach
    void stop() {
        if (run != null) {
            run.close();
        }
    }

    @Test
    void shouldRebuildWhatTheLostLogHeldWhenTheFolderChangedWhileTheBrokerWasDown() throws Exception {
        // Elasticsearch runs as an unprivileged user: it reaches a data folder inside an open folder only.
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path kbDir = Files.createDirectories(work.resolve("notes"));
        Path data = Files.createDirectories(work.resolve("data"));
        Files.writeString(kbDir.resolve("kept.md"), "# Kept\n\nThe brindlewort note stays as it is.\n");
        Files.writeString(kbDir.resolve("edited.md"), "# Edited\n\nThe first version mentions quorbleflux.\n");
        Files.writeString(kbDir.resolve("deleted.md"), "# Deleted\n\nThe zintopharg note, soon deleted.\n");
        run = start(kbDir, data);
        run.awaitIndexed(3, DEADLINE);
        run.close();

        int removed = removeLogOf(data.resolve("kafka"), "kb.file-events-");
        assertTrue(removed > 0, "the file events' partitions were on disk");
        Files.writeString(kbDir.resolve("edited.md"), "# Edited\n\nThe second version mentions plumbostrat.\n");
        Files.writeString(kbDir.resolve("added.md"), "# Added\n\nThe vexillotorp note, added meanwhile.\n");
        Files.delete(kbDir.resolve("deleted.md"));

        run = start(kbDir, data);
        VerifyReport report =
                VerifyCommand.checkUntilHealthy(VerifyCommand.verifier(run.verifyOptions("notes", kbDir)), DEADLINE);
        assertTrue(report.healthy(), report.layers().toString());
        assertTrue(PipelineHarness.anyChunkContains(run.search("vexillotorp", ""), "vexillotorp"), "the added file");
        assertTrue(PipelineHarness.anyChunkContains(run.search("plumbostrat", ""), "plumbostrat"), "the edit");
        assertTrue(PipelineHarness.anyChunkContains(run.search("brindlewort", ""), "brindlewort"), "the kept file");
        assertFalse(PipelineHarness.anyChunkContains(run.search("quorbleflux", ""), "quorbleflux"), "no stale chunk");
        assertFalse(PipelineHarness.anyChunkContains(run.search("zintopharg", ""), "zintopharg"), "the delete");
    }

    private static PipelineRun start(Path kbDir, Path data) throws Exception {
        return PipelineRun.start(kbDir, data, null, null, Map.of("KB_COLLECTION", "notes"));
    }

    /** Deletes the partitions' folders of a topic from the stopped broker's log: it starts them empty. */
    private static int removeLogOf(Path logDir, String partitionPrefix) throws IOException {
        List<Path> partitions;
        try (Stream<Path> children = Files.list(logDir)) {
            partitions = children.filter(p -> p.getFileName().toString().startsWith(partitionPrefix))
                    .toList();
        }
        for (Path partition : partitions) {
            try (Stream<Path> tree = Files.walk(partition)) {
                for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        return partitions.size();
    }
}
