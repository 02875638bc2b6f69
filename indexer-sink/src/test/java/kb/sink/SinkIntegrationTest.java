package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.NoteMeta;
import kb.core.ReindexStatus;
import kb.core.topics.DeadLetters;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;

/** The sink's write protocol against the real broker and Elasticsearch, record by record. */
class SinkIntegrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void shouldKeepOneSetOfChunksWhenTheSameRecordArrivesTwiceAndShrinkTo2Of5() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            DocumentChunks five = SinkHarness.document("a.md", "one", "two", "three", "four", "five");
            sink.send(five.docId(), five, 10);
            sink.send(five.docId(), five, 10);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(five.docId()).equals(SinkHarness.expected(five)));

            DocumentChunks two = SinkHarness.document("a.md", "one", "six");
            sink.send(two.docId(), two, 11);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(two.docId()).equals(SinkHarness.expected(two)));
            assertEquals(2, sink.chunksOf(two.docId()).size());
        }
    }

    @Test
    void shouldNotResurrectADeletedDocumentWhenItsOldVersionIsReplayedAfterTheGcWindow() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            DocumentChunks old = SinkHarness.document("gone.md", "soon deleted");
            sink.send(old.docId(), old, 5);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(old.docId()).size() == 1);
            // Elasticsearch forgets deletes at once: only the sink's own guard can stop the replay.
            sink.client.indices().putSettings(p -> p.index(sink.prefix + "-chunks," + sink.prefix + "-docs")
                    .settings(s -> s.gcDeletes(g -> g.time("0s"))));
            sink.send(old.docId(), null, 6);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(old.docId()).isEmpty() && !sink.cardExists(old.docId()));

            sink.send(old.docId(), old, 5);
            DocumentChunks sentinel = SinkHarness.document("sentinel.md", "after the replay");
            sink.send(sentinel.docId(), sentinel, 7);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(sentinel.docId()).size() == 1);
            assertEquals(List.of(), sink.chunksOf(old.docId()));
            assertFalse(sink.cardExists(old.docId()));
        }
    }

    @Test
    void shouldDeadLetterADocumentElasticsearchRejectsAndCarryOn() throws Exception {
        try (SinkHarness sink = new SinkHarness().start();
                TopicReader dlq =
                        new TopicReader(SharedInfrastructure.get().bootstrapServers(), sink.prefix + ".dlq")) {
            DocumentChunks plain = SinkHarness.document("bad.md", "fine text");
            // A keyword over Lucene's 32766-byte term limit: Elasticsearch refuses the whole document.
            DocumentChunks bad = new DocumentChunks(
                    new DocumentCard(
                            plain.docId(),
                            "kb",
                            "bad.md",
                            "T",
                            List.of("k".repeat(40_000)),
                            null,
                            null,
                            "md",
                            "h",
                            1,
                            1,
                            1,
                            NoteMeta.NONE),
                    plain.content(),
                    plain.chunks());
            DocumentChunks good = SinkHarness.document("good.md", "good text");
            sink.send(bad.docId(), bad, 1);
            sink.send(good.docId(), good, 2);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(good.docId()).size() == 1);
            await().atMost(DEADLINE).until(() -> !dlq.records().isEmpty());
            var dead = dlq.records().get(0);
            assertEquals("indexer-sink", DeadLetters.header(dead.headers(), DeadLetters.STAGE));
            assertEquals("ElasticsearchRejected", DeadLetters.header(dead.headers(), DeadLetters.CLASS));
            assertTrue(
                    DeadLetters.header(dead.headers(), DeadLetters.MESSAGE)
                            .contains("failed to parse field [keywords]"),
                    DeadLetters.header(dead.headers(), DeadLetters.MESSAGE));
        }
    }

    @Test
    void shouldReplayTheWholeTopicIntoAnIdenticalNewVersionAndSwapTheAlias() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            for (int i = 0; i < 20; i++) {
                DocumentChunks doc = SinkHarness.document("d" + i + ".md", "text " + i, "more " + i);
                sink.send(doc.docId(), doc, i);
            }
            await().atMost(DEADLINE).until(() -> sink.snapshot().size() == 40);
            await().atMost(DEADLINE).until(() -> sink.awaitingVectors() == 0); // what the replay is to reuse
            List<String> before = sink.snapshot();
            int version = sink.sink().servingVersion().number();
            ReindexStatus job = sink.sink().requestReindex();
            await().atMost(DEADLINE)
                    .until(() ->
                            sink.sink().reindexStatus(job.id()).orElseThrow().state() == ReindexStatus.State.DONE);
            assertEquals(version + 1, sink.sink().servingVersion().number());
            assertEquals(20, sink.sink().reindexStatus(job.id()).orElseThrow().documentsDone());
            assertEquals(before, sink.snapshot());
            assertFalse(sink.client
                    .indices()
                    .exists(e -> e.index(sink.prefix + "-chunks-v" + version))
                    .value());
            assertTrue(
                    sink.registry
                                    .counter("kb_sink_embeddings_total", "source", "cache")
                                    .count()
                            >= 40,
                    "the replay reuses the stored vectors");
        }
    }
}
