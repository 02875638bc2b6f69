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
    private static final String[] NOTE_AND_LINKS = {
        "notes/note.md", "link-1.md", "real/inner-link.md", "linked-1/inner-link.md"
    };

    @TempDir
    Path outside;

    private Path kb;

    private String prefix;

    @BeforeEach
    void setUp() throws Exception {
        kb = Files.createDirectories(outside.resolve("kb"));
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
        try (TopicReader events = events();
                IngestProducer producer = start()) {
            awaitLive(events, all(NOTE_AND_LINKS, "first version"));

            Files.writeString(kb.resolve("notes/note.md"), "second version");
            awaitLive(events, all(NOTE_AND_LINKS, "second version"));

            Files.delete(kb.resolve("notes/note.md"));
            awaitLive(events, Map.of());

            Files.writeString(kb.resolve("notes/note.md"), "third version");
            awaitLive(events, all(NOTE_AND_LINKS, "third version"));
        }
    }

    /** The target's folder moved out of the knowledge base and back, and a symlinked folder's target moved away. */
    @Test
    void shouldWithdrawALinkWhenTheFolderOfItsTargetIsMovedAwayAndPublishItWhenItComesBack() throws Exception {
        Path away = Files.createDirectories(outside.resolve("away"));
        Files.createDirectories(kb.resolve("notes"));
        Files.createDirectories(kb.resolve("real"));
        Files.writeString(kb.resolve("notes/note.md"), "the note");
        Files.writeString(kb.resolve("real/inner.md"), "the inner note");
        Files.createSymbolicLink(kb.resolve("link-1.md"), Path.of("notes/note.md"));
        Files.createSymbolicLink(kb.resolve("linked-1"), Path.of("real"));
        Files.createSymbolicLink(kb.resolve("via-linked.md"), Path.of("linked-1/inner.md"));
        Map<String, String> inner =
                all(new String[] {"real/inner.md", "linked-1/inner.md", "via-linked.md"}, "the inner note");
        Map<String, String> everything = new HashMap<>(inner);
        everything.putAll(all(new String[] {"notes/note.md", "link-1.md"}, "the note"));
        try (TopicReader events = events();
                IngestProducer producer = start()) {
            awaitLive(events, everything);

            Files.move(kb.resolve("notes"), away.resolve("notes"));
            awaitLive(events, inner);

            Files.move(away.resolve("notes"), kb.resolve("notes"));
            awaitLive(events, everything);

            Files.move(kb.resolve("real"), away.resolve("real"));
            awaitLive(events, all(new String[] {"notes/note.md", "link-1.md"}, "the note"));
        }
    }

    private TopicReader events() throws Exception {
        return new TopicReader(SharedInfrastructure.get().bootstrapServers(), prefix + "file-events");
    }

    private IngestProducer start() throws Exception {
        IngestProducer producer = TestProducers.start(prefix, kb, new SimpleMeterRegistry(), Map.of());
        assertTrue(producer.awaitInitialScan(30, TimeUnit.SECONDS));
        return producer;
    }

    private static Map<String, String> all(String[] paths, String content) {
        Map<String, String> expected = new HashMap<>();
        for (String path : paths) {
            expected.put(path, content);
        }
        return expected;
    }

    /** Waits until the index would hold exactly these paths with this content, else fails saying what it holds. */
    private static void awaitLive(TopicReader events, Map<String, String> expected) throws Exception {
        try {
            await().atMost(DEADLINE).until(() -> live(events).equals(expected));
        } catch (ConditionTimeoutException e) {
            assertEquals(expected, live(events), "what the topic says of each note and link");
        }
    }

    /** The content of the last record of each path that is not a tombstone, as the index would hold it. */
    private static Map<String, String> live(TopicReader events) throws Exception {
        String keyPrefix = Ids.fileKey(TestProducers.COLLECTION, "");
        Map<String, String> last = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> record : events.records()) {
            String key = new String(record.key(), StandardCharsets.UTF_8);
            if (!key.startsWith(keyPrefix)) {
                continue;
            }
            String path = key.substring(keyPrefix.length());
            if (record.value() == null) {
                last.remove(path);
            } else {
                last.put(
                        path,
                        Json.MAPPER.readValue(record.value(), FileEvent.class).content());
            }
        }
        return last;
    }
}
