package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import kb.infra.DataFolderLock;
import kb.infra.StartRefused;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `kb eval --work` on a work folder another kb runs on is refused before it writes anything there. */
class EvalWorkLockTest {

    @Test
    void shouldLeaveTheWorkFolderUntouchedWhenAnotherKbHoldsItsDataFolder(@TempDir Path dir) throws Exception {
        Path dataset = dir.resolve("set");
        Files.createDirectories(dataset.resolve("qrels"));
        Files.writeString(dataset.resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"title\": \"T\", \"text\": \"text\"}\n");
        Files.writeString(dataset.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"question\"}\n");
        Files.writeString(dataset.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
        Path work = dir.resolve("work");
        try (DataFolderLock running = DataFolderLock.acquire(work.resolve("data"))) {
            StartRefused refused = assertThrows(
                    StartRefused.class,
                    () -> BeirEval.run(
                            dir.resolve("set"),
                            null,
                            null,
                            null,
                            Map.of("KB_EVAL_WORK", work.toString()),
                            List.of(),
                            null));
            assertTrue(refused.getMessage().contains("is in use by kb"), refused.getMessage());
        }
        assertFalse(Files.exists(work.resolve("kb")), "the corpus was written into a folder in use");
    }
}
