package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import kb.core.topics.DeadLetters;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, point 1, through the real broker, Elasticsearch and model: one file used to stop all indexing
 * for good (its kb.chunks record was over the topic limit; the chunker thread failed on it forever, with
 * the file's own tombstone stuck behind it). Now the file is indexed up to what one record holds, the cut
 * is reported on kb.dlq, a normal file written after it is indexed, and deleting it takes effect.
 */
class PoisonFileEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(180);

    /** The file of the report: 1,000,018 bytes of valid UTF-8 (under the 1 MiB cap), mostly U+0001. */
    private static byte[] controlCharacterFile() {
        return ("poison\n" + "\u0001".repeat(1_000_011)).getBytes(StandardCharsets.UTF_8);
    }

    /** 1 MB of one-line sections, a record of 21 MB when every section became a chunk. */
    private static byte[] oneLinePerHeadingMarkdown() {
        return "# h\nx\n".repeat(1_000_000 / 6).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void shouldIndexAFileWrittenAfterTheControlCharacterFileAndHonourItsDelete() throws Exception {
        byte[] poison = controlCharacterFile();
        assertEquals(1_000_018, poison.length);
        keepIndexingAround("notes/poison.txt", poison);
    }

    @Test
    void shouldIndexAFileWrittenAfterAOneMegabyteOneLinePerHeadingMarkdownAndHonourItsDelete() throws Exception {
        keepIndexingAround("notes/sections.md", oneLinePerHeadingMarkdown());
    }

    private static void keepIndexingAround(String poisonPath, byte[] poison) throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("notes/before.md", "# Before\n\nWritten before the poison file.\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.documentPaths().equals(List.of("notes/before.md")));
            String bootstrap = SharedInfrastructure.get().bootstrapServers();
            try (TopicReader events = new TopicReader(bootstrap, kb.prefix() + ".file-events");
                    TopicReader dlq = new TopicReader(bootstrap, kb.prefix() + ".dlq")) {
                Files.write(kb.kbDir().resolve(poisonPath), poison);
                await().atMost(DEADLINE)
                        .until(() -> events.keysIn(PipelineHarness.COLLECTION).contains(poisonPath));
                kb.write("notes/after.md", "# After\n\nThe quetzalcoatlus note, written after the poison file.\n");

                await().atMost(DEADLINE).until(() -> PipelineHarness.paths(kb.search("quetzalcoatlus"))
                        .contains("notes/after.md"));
                await().atMost(DEADLINE).until(() -> kb.documentPaths().contains(poisonPath));
                ConsumerRecord<byte[], byte[]> notice =
                        await().atMost(DEADLINE).until(() -> letterFor(dlq, poisonPath), r -> r != null);
                assertEquals("DocumentTruncated", DeadLetters.header(notice.headers(), DeadLetters.CLASS));
                assertEquals("chunker-stream", DeadLetters.header(notice.headers(), DeadLetters.STAGE));
                System.out.println(
                        "[poison] " + poisonPath + ": " + DeadLetters.header(notice.headers(), DeadLetters.MESSAGE));

                kb.delete(poisonPath);
                await().atMost(DEADLINE).until(() -> kb.indexed(List.of("notes/after.md", "notes/before.md")));
                assertTrue(
                        kb.getJson("/api/v1/status").get("chunks").asLong() == 2, "only the two notes' chunks remain");
            }
        }
    }

    private static ConsumerRecord<byte[], byte[]> letterFor(TopicReader dlq, String path) {
        return dlq.records().stream()
                .filter(r -> r.key() != null
                        && kb.core.Ids.fileKey(PipelineHarness.COLLECTION, path)
                                .equals(new String(r.key(), StandardCharsets.UTF_8)))
                .findFirst()
                .orElse(null);
    }
}
