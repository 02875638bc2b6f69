package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import kb.core.DocumentChunks;
import kb.core.Ids;
import kb.core.topics.DeadLetters;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;

/** Issue 12: a record the sink cannot process goes to kb.dlq with the reason, and the ones behind it flow. */
class SinkPoisonIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void shouldDeadLetterADocumentTheWriterCannotProcessAndIndexTheOnesBehindIt() throws Exception {
        try (SinkHarness sink = new SinkHarness().start();
                TopicReader dlq =
                        new TopicReader(SharedInfrastructure.get().bootstrapServers(), sink.prefix + ".dlq")) {
            // Decodes, but has no card: writing it fails in a way no retry can fix (it stopped the sink before).
            String poisonId = Ids.docId("kb", "poison.md");
            sink.send(poisonId, new DocumentChunks(null, "no card", List.of()), 1);
            DocumentChunks good = SinkHarness.document("good.md", "indexed behind the poison");
            sink.send(good.docId(), good, 2);

            await().atMost(DEADLINE).until(() -> sink.chunksOf(good.docId()).size() == 1);
            await().atMost(DEADLINE).until(() -> !dlq.records().isEmpty());
            var dead = dlq.records().get(0);
            assertEquals(poisonId, new String(dead.key(), StandardCharsets.UTF_8));
            assertEquals("indexer-sink", DeadLetters.header(dead.headers(), DeadLetters.STAGE));
            assertEquals(
                    1.0,
                    sink.registry
                            .counter("kb_sink_dlq_total", "reason", "unwritable")
                            .count());

            DocumentChunks after = SinkHarness.document("after.md", "and the next batch too");
            sink.send(after.docId(), after, 3);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(after.docId()).size() == 1);
        }
    }
}
