package kb.ingest;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A symlinked note ({@code link-1.md -> notes/note.md}, inside the folder) follows its target while watched: inotify
 * reports the target's edits on the target's folder only, never on the link's, so the long soak found links stale
 * after an edit and indexed after their target was deleted, until a restart rescanned.
 */
class LinkedNoteIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(20);

    /** What a fresh rebuild would index for each note and link, by path. */
    private static final String[] ALL = {"notes/note.md", "link-1.md", "real/inner-link.md", "linked-1/inner-link.md"};

    @TempDir
    Path kb;

    private String prefix;

    @BeforeEach
    void setUp() {
        prefix = "l" + UUID.randomUUID().toString().substring(0, 8) + ".";
    }

    @Test
    void shouldRepublishAndWithdrawALinkWhenItsTargetIsEditedDeletedAndCreatedAgain() throws Exception {
        Files.createDirectories(kb.resolve("notes"));
        Files.createDirectories(kb.resolve("real"));
        Files.writeString(kb.resolve("notes/note.md"), "first version");
        Files.createSymbolicLink(kb.resolve("link-1.md"), Path.of("notes/note.md"));
        // A link inside a folder that is itself reached through a symlinked folder, as the soak makes them.
        Files.createSymbolicLink(kb.resolve("real/inner-link.md"), Path.of("../notes/note.md"));
        Files.createSymbolicLink(kb.resolve("linked-1"), Path.of("real"));
        try (TopicReader events =
                        new TopicReader(SharedInfrastructure.get().bootstrapServers(), prefix + "file-events");
                IngestProducer producer = TestProducers.start(prefix, kb, new SimpleMeterRegistry(), Map.of())) {
            assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
            awaitAll(events, "first version");

            Files.writeString(kb.resolve("notes/note.md"), "second version");
            awaitAll(events, "second version");

            Files.delete(kb.resolve("notes/note.md"));
            awaitAll(events, null);

            Files.writeString(kb.resolve("notes/note.md"), "third version");
            awaitAll(events, "third version");
        }
    }

    /** Waits until every note and link holds this content (null: withdrawn), else fails saying what each holds. */
    private static void awaitAll(TopicReader events, String content) throws Exception {
        Map<String, String> expected = new HashMap<>();
        for (String path : ALL) {
            expected.put(path, content);
        }
        try {
            await().atMost(DEADLINE).until(() -> latest(events).equals(expected));
        } catch (ConditionTimeoutException e) {
            assertEquals(expected, latest(events), "what the topic says of each note and link");
        }
    }

    /** The content of the last record of each path (null for a tombstone), as the index would hold it. */
    private static Map<String, String> latest(TopicReader events) throws Exception {
        String keyPrefix = Ids.fileKey(TestProducers.COLLECTION, "");
        Map<String, String> last = new HashMap<>();
        for (String path : ALL) {
            last.put(path, null);
        }
        for (ConsumerRecord<byte[], byte[]> record : events.records()) {
            String key = new String(record.key(), StandardCharsets.UTF_8);
            if (key.startsWith(keyPrefix)) {
                String path = key.substring(keyPrefix.length());
                last.put(
                        path,
                        record.value() == null
                                ? null
                                : Json.MAPPER
                                        .readValue(record.value(), FileEvent.class)
                                        .content());
            }
        }
        return last;
    }
}
