package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.NoteMeta;
import kb.sink.consume.LargeDocumentLane;
import kb.sink.write.DocState;
import kb.sink.write.DocumentWriter;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, 8b: a document of many chunks is written on a lane of its own. Its write is held (deterministically,
 * at a step of the write protocol, on the lane's thread) while the main loop carries on. Real broker and
 * Elasticsearch.
 */
class SinkLargeDocumentTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** Documents of more than 5 chunks take the large-document lane. */
    private static final Map<String, String> LARGE_ABOVE_5 = Map.of("KB_SINK_LARGE_DOCUMENT_CHUNKS", "5");

    /** Holds the large-document lane's writes after their claim, until released. */
    private static final class HeldLane implements DocumentWriter.Steps {
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void reached(DocumentWriter.Step step) {
            if (step == DocumentWriter.Step.CLAIMED
                    && Thread.currentThread().getName().equals(LargeDocumentLane.THREAD)) {
                held.countDown();
                try {
                    release.await(DEADLINE.toSeconds(), TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        void awaitHeld() throws InterruptedException {
            assertTrue(held.await(DEADLINE.toSeconds(), TimeUnit.SECONDS), "the large document never reached the lane");
        }
    }

    private static DocumentChunks large(String path) {
        return SinkHarness.document(
                path, IntStream.range(0, 12).mapToObj(i -> "large part " + i).toArray(String[]::new));
    }

    @Test
    void shouldMakeASmallDocumentSearchableWhileALargeOneBeforeItIsStillBeingWritten() throws Exception {
        HeldLane lane = new HeldLane();
        try (SinkHarness sink = new SinkHarness(LARGE_ABOVE_5).start(lane)) {
            DocumentChunks large = large("large.md");
            long largeOffset = sink.send(large.docId(), large, 1);
            lane.awaitHeld();
            DocumentChunks small = SinkHarness.document("small.md", "a small edit");
            long smallOffset = sink.send(small.docId(), small, 2);

            await().atMost(DEADLINE).until(() -> sink.chunksOf(small.docId()).equals(SinkHarness.expected(small)));
            assertEquals(List.of(), sink.chunksOf(large.docId()), "the large document is still held");
            assertTrue(
                    sink.committedOffset() <= largeOffset,
                    "committed " + sink.committedOffset() + " past the large record at " + largeOffset
                            + " before it was written");

            lane.release.countDown();
            await().atMost(DEADLINE).until(() -> sink.chunksOf(large.docId()).equals(SinkHarness.expected(large)));
            await().atMost(DEADLINE).until(() -> sink.committedOffset() == smallOffset + 1);
        }
    }

    @Test
    void shouldLeaveNothingOfALargeDocumentWhenItsTombstoneArrivesWhileItIsBeingWritten() throws Exception {
        HeldLane lane = new HeldLane();
        try (SinkHarness sink = new SinkHarness(LARGE_ABOVE_5).start(lane)) {
            DocumentChunks large = large("doomed.md");
            sink.send(large.docId(), large, 1);
            lane.awaitHeld();
            long tombstoneOffset = sink.send(large.docId(), null, 2);
            await().atMost(DEADLINE).until(() -> {
                DocState state = state(sink, large.docId());
                return state != null && state.deleted() && state.generation() == 2 && !state.pending();
            });

            lane.release.countDown();
            await().atMost(DEADLINE).until(() -> sink.committedOffset() == tombstoneOffset + 1);
            assertEquals(List.of(), sink.chunksOf(large.docId()));
            assertFalse(sink.cardExists(large.docId()));
            DocState state = state(sink, large.docId());
            assertTrue(state.deleted() && state.generation() == 2 && !state.pending(), state.toString());
        }
    }

    @Test
    void shouldDeadLetterALargeDocumentElasticsearchRejectsAndCommitPastIt() throws Exception {
        try (SinkHarness sink = new SinkHarness(LARGE_ABOVE_5).start();
                TopicReader dlq =
                        new TopicReader(SharedInfrastructure.get().bootstrapServers(), sink.prefix + ".dlq")) {
            DocumentChunks plain = large("bad.md");
            // A keyword over Lucene's 32766-byte term limit: Elasticsearch refuses the card.
            DocumentChunks bad = new DocumentChunks(
                    new DocumentCard(
                            plain.docId(),
                            plain.card().collection(),
                            "bad.md",
                            "T",
                            List.of("k".repeat(40_000)),
                            null,
                            null,
                            "md",
                            "h",
                            1,
                            plain.chunks().size(),
                            1,
                            NoteMeta.NONE),
                    plain.content(),
                    plain.chunks());
            long badOffset = sink.send(bad.docId(), bad, 1);
            await().atMost(DEADLINE).until(() -> !dlq.records().isEmpty());
            assertEquals(bad.docId(), new String(dlq.records().get(0).key(), StandardCharsets.UTF_8));
            await().atMost(DEADLINE).until(() -> sink.committedOffset() == badOffset + 1);
        }
    }

    private static DocState state(SinkHarness sink, String docId) throws Exception {
        String index = sink.sink().servingVersion().stateIndex();
        return sink.client.get(g -> g.index(index).id(docId), DocState.class).source();
    }
}
