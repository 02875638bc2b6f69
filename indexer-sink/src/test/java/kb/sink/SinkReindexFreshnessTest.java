package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import kb.core.DocumentChunks;
import kb.core.ReindexStatus;
import kb.sink.write.DocumentWriter;
import org.junit.jupiter.api.Test;

/**
 * Issue 15, 4: a reindex leaves no freshness gap. The replay into the new version is held (deterministically,
 * at a step of its first write, on the sink's main thread) while a document is edited and another deleted:
 * both must show through the served alias at once, and stay right after the swap. Real broker and Elasticsearch.
 */
class SinkReindexFreshnessTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** Within the usual freshness of a live edit, far below the held replay. */
    private static final Duration FRESH = Duration.ofSeconds(10);

    /** Holds the main loop's next write (the replay's first) once armed, until released. */
    private static final class HeldReplay implements DocumentWriter.Steps {
        volatile boolean armed;
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void reached(DocumentWriter.Step step) {
            if (armed
                    && step == DocumentWriter.Step.CLAIMED
                    && Thread.currentThread().getName().equals("kb-indexer-sink")) {
                held.countDown();
                try {
                    release.await(DEADLINE.toSeconds() * 2, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @Test
    void shouldShowAnEditAndADeleteThroughTheServedAliasWhileAReindexRuns() throws Exception {
        HeldReplay replay = new HeldReplay();
        try (SinkHarness sink = new SinkHarness(Map.of()).start(replay)) {
            for (int i = 0; i < 10; i++) {
                DocumentChunks doc = SinkHarness.document("d" + i + ".md", "text " + i, "more " + i);
                sink.send(doc.docId(), doc, i + 1);
            }
            await().atMost(DEADLINE).until(() -> sink.snapshot().size() == 20);
            int version = sink.sink().servingVersion().number();

            replay.armed = true;
            ReindexStatus job = sink.sink().requestReindex();
            assertTrue(replay.held.await(DEADLINE.toSeconds(), TimeUnit.SECONDS), "the replay never started");

            DocumentChunks edited = SinkHarness.document("d3.md", "text 3 edited during the reindex");
            DocumentChunks deleted = SinkHarness.document("d7.md", "text 7", "more 7");
            sink.send(edited.docId(), edited, 100);
            sink.send(deleted.docId(), null, 101);
            await().atMost(FRESH)
                    .until(() -> sink.chunksOf(edited.docId()).equals(SinkHarness.expected(edited))
                            && sink.chunksOf(deleted.docId()).isEmpty()
                            && !sink.cardExists(deleted.docId()));
            assertEquals(version, sink.sink().servingVersion().number(), "still served by the old version");
            assertEquals(
                    ReindexStatus.State.RUNNING,
                    sink.sink().reindexStatus(job.id()).orElseThrow().state());

            replay.release.countDown();
            await().atMost(DEADLINE)
                    .until(() ->
                            sink.sink().reindexStatus(job.id()).orElseThrow().state() == ReindexStatus.State.DONE);
            assertEquals(version + 1, sink.sink().servingVersion().number());
            assertEquals(SinkHarness.expected(edited), sink.chunksOf(edited.docId()));
            assertEquals(List.of(), sink.chunksOf(deleted.docId()));
            assertFalse(sink.cardExists(deleted.docId()));
            assertEquals(
                    17, sink.snapshot().size(), "8 documents of 2 chunks, the edited one of 1, the deleted one gone");
            assertFalse(
                    sink.client
                            .indices()
                            .exists(e -> e.index(sink.prefix + "-chunks-v" + version))
                            .value(),
                    "the old version is dropped, and nothing re-created it");
        }
    }
}
