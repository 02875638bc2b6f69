package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.List;
import kb.core.DocumentChunks;
import org.junit.jupiter.api.Test;

/**
 * The live lane's consumer (kb.chunks-live, a consumer and group of its own beside the backlog's) keeps the sink's
 * guarantees: whichever topic brings a file's version first, an older one never wins, a delete is never undone,
 * and each consumer commits only what was written. Real broker and Elasticsearch.
 */
class SinkLiveLaneTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    /** Sends a document on the backlog and waits until it is written: everything sent before it was handled. */
    private static void drainBacklog(SinkHarness sink, long generation) throws Exception {
        DocumentChunks marker = SinkHarness.document("marker-" + generation + ".md", "marker " + generation);
        sink.send(marker.docId(), marker, generation);
        await().atMost(DEADLINE).until(() -> sink.chunksOf(marker.docId()).equals(SinkHarness.expected(marker)));
    }

    @Test
    void shouldKeepTheLiveVersionWhenAnOlderVersionArrivesOnTheBacklogAfterIt() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            DocumentChunks saved = SinkHarness.document("note.md", "saved by a person", "second part");
            DocumentChunks older = SinkHarness.document("note.md", "the scan's older version");
            sink.sendLive(saved.docId(), saved, 20L);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(saved.docId()).equals(SinkHarness.expected(saved)));

            sink.send(older.docId(), older, 10);
            sink.send(saved.docId(), saved, 20); // the live copy's original, in its turn
            drainBacklog(sink, 21);

            assertEquals(SinkHarness.expected(saved), sink.chunksOf(saved.docId()));
            await().atMost(DEADLINE).until(() -> sink.committedOffset() == 3 && sink.committedLiveOffset() == 1);
        }
    }

    @Test
    void shouldKeepADeleteMadeThroughTheLiveLaneWhenTheBacklogBringsAnOlderVersion() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            DocumentChunks first = SinkHarness.document("gone.md", "first version");
            DocumentChunks second = SinkHarness.document("gone.md", "second version, still queued");
            sink.send(first.docId(), first, 10);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(first.docId()).equals(SinkHarness.expected(first)));

            sink.sendLive(first.docId(), null, 30L);
            await().atMost(DEADLINE)
                    .until(() -> sink.chunksOf(first.docId()).isEmpty() && !sink.cardExists(first.docId()));

            sink.send(second.docId(), second, 20);
            drainBacklog(sink, 31);

            assertEquals(List.of(), sink.chunksOf(first.docId()));
            assertFalse(sink.cardExists(first.docId()), "the delete stands");
        }
    }

    @Test
    void shouldLeaveOutALiveCopyWhenItHasNoGeneration() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            DocumentChunks unstamped = SinkHarness.document("unstamped.md", "no generation");
            DocumentChunks stamped = SinkHarness.document("stamped.md", "with a generation");
            sink.sendLive(unstamped.docId(), unstamped, null);
            sink.sendLive(stamped.docId(), stamped, 5L);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(stamped.docId()).equals(SinkHarness.expected(stamped)));

            assertEquals(List.of(), sink.chunksOf(unstamped.docId()));
            await().atMost(DEADLINE).until(() -> sink.committedLiveOffset() == 2);
        }
    }
}
