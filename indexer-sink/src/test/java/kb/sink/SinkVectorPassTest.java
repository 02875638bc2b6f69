package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import kb.core.DocumentChunks;
import kb.testkit.GatedEmbedder;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;

/**
 * Text first, vectors after (real broker, Elasticsearch and model; the model behind a gate so the order is
 * observed, not raced): a document is searchable by its words before it is embedded, a large document does
 * not hold up the next one, an edit made during a backlog is embedded before the backlog, and a text the
 * model cannot take is dead-lettered without stopping the others.
 */
class SinkVectorPassTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    private static String[] texts(String prefix, int count) {
        String[] texts = new String[count];
        for (int i = 0; i < count; i++) {
            texts[i] = prefix + " section " + i + " explains step " + i + " of the procedure";
        }
        return texts;
    }

    @Test
    void shouldIndexTheFileAfterALargeOneWithoutWaitingForItsVectors() throws Exception {
        GatedEmbedder model = new GatedEmbedder(SharedInfrastructure.embedder());
        try (SinkHarness sink = new SinkHarness().start(model)) {
            DocumentChunks large = SinkHarness.document("changelog.md", texts("changelog", 840));
            // Saved after the large file (a later event time), as a person saves: on the live lane, whose write is
            // searchable at once, so the pass's next slice can find it.
            DocumentChunks next = SinkHarness.document("next.md", List.of(), 2, "the quokka runbook");
            sink.send(large.docId(), large, 1);
            sink.sendLive(next.docId(), next, 2L);

            await().atMost(DEADLINE).until(() -> sink.lexicalMatches("quokka").equals(List.of(next.docId())));
            // The large document is written on its own lane: it may land after the next one.
            await().atMost(DEADLINE).until(() -> sink.chunksOf(large.docId()).equals(SinkHarness.expected(large)));
            assertEquals(841, sink.awaitingVectors(), "nothing embedded while the model is closed");

            model.open();
            await().atMost(Duration.ofMinutes(5)).until(() -> sink.awaitingVectors() == 0);
            int position = model.embedded().indexOf("T\n\nthe quokka runbook");
            // A slice of the large document may have been taken before the next one arrived; then it leads.
            assertTrue(position >= 0 && position < 64, "next file embedded at " + position);
        }
    }

    @Test
    void shouldEmbedAnEditMadeDuringABacklogBeforeTheBacklog() throws Exception {
        GatedEmbedder model = new GatedEmbedder(SharedInfrastructure.embedder());
        try (SinkHarness sink = new SinkHarness().start(model)) {
            List<DocumentChunks> backlog = new ArrayList<>();
            for (int d = 0; d < 20; d++) {
                DocumentChunks document = SinkHarness.document("backlog/" + d + ".md", texts("backlog" + d, 10));
                backlog.add(document);
                sink.send(document.docId(), document, d + 1);
            }
            await().atMost(DEADLINE).until(() -> sink.awaitingVectors() == 200);
            // A person's edit comes on the live lane: searchable at once, so the pass's next slice finds it (a
            // backlog's write becomes searchable at the next scheduled refresh, after that slice may be read).
            DocumentChunks edit = SinkHarness.document("backlog/3.md", "the wombat procedure, rewritten");
            sink.sendLive(edit.docId(), edit, 100L);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(edit.docId()).equals(SinkHarness.expected(edit)));
            assertEquals(List.of(edit.docId()), sink.lexicalMatches("wombat"));

            model.open();
            await().atMost(Duration.ofMinutes(5)).until(() -> sink.awaitingVectors() == 0);
            int position = model.embedded().indexOf("T\n\nthe wombat procedure, rewritten");
            // The first slice was taken before the edit existed; the edit leads the next one.
            assertTrue(
                    position >= 0 && position < 64,
                    "edit embedded at " + position + " of " + model.embedded().size());
            assertEquals(SinkHarness.expected(edit), sink.chunksOf(edit.docId()));
        }
    }

    @Test
    void shouldDeadLetterATextTheModelCannotTakeAndEmbedTheRest() throws Exception {
        GatedEmbedder model = new GatedEmbedder(SharedInfrastructure.embedder(), text -> text.contains("POISON"));
        model.open();
        try (SinkHarness sink = new SinkHarness().start(model);
                TopicReader dlq = new TopicReader(
                        SharedInfrastructure.get().bootstrapServers(),
                        sink.topics.dlq().name())) {
            DocumentChunks document =
                    SinkHarness.document("mixed.md", "a fine paragraph", "POISON paragraph", "another");
            sink.send(document.docId(), document, 1);
            await().atMost(DEADLINE)
                    .until(() -> sink.awaitingVectors() == 1 && !dlq.records().isEmpty());
            assertEquals(List.of(document.docId()), sink.lexicalMatches("poison"), "still searchable by its words");
            assertEquals(2, model.embedded().size());
        }
    }
}
