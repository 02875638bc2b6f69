package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch._types.VersionType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import kb.core.Chunk;
import kb.core.DocumentChunks;
import kb.search.es.CardDoc;
import kb.search.es.ChunkDoc;
import kb.sink.versions.IndexVersion;
import kb.sink.write.Change;
import kb.sink.write.DocState;
import kb.sink.write.DocumentWriter;
import kb.sink.write.DocumentWriter.BatchResult;
import kb.sink.write.DocumentWriter.Step;
import kb.sink.write.EmbeddingStage;
import kb.sink.write.Visibility;
import kb.testkit.SharedInfrastructure;
import org.elasticsearch.client.ResponseException;
import org.junit.jupiter.api.Test;

/**
 * Two writers of the same documents, as during a consumer-group rebalance (the old owner of a partition still
 * writing an older version while the new owner writes a newer one), interleaved deterministically: the older
 * writer is held at a step of its write while the newer one runs to the end. Real broker and Elasticsearch.
 */
class SinkFencingTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private static Change upsert(DocumentChunks document, long generation) {
        return new Change(document.docId(), generation, document, 0, null);
    }

    private static Change delete(String docId, long generation) {
        return new Change(docId, generation, null, 0, null);
    }

    private static DocumentWriter writer(SinkHarness sink, DocumentWriter.Steps steps) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        EmbeddingStage stage =
                new EmbeddingStage(sink.client, sink.prefix + "-chunks", SharedInfrastructure.embeddings(), registry);
        return new DocumentWriter(sink.client, stage, Clock.systemUTC(), registry, steps);
    }

    private static DocState state(SinkHarness sink, IndexVersion target, String docId) throws Exception {
        return sink.client
                .get(g -> g.index(target.stateIndex()).id(docId), DocState.class)
                .source();
    }

    private static String cardContent(SinkHarness sink, String docId) throws Exception {
        CardDoc card = sink.client
                .get(g -> g.index(sink.prefix + "-docs").id(docId), CardDoc.class)
                .source();
        return card == null ? null : card.content();
    }

    private static ChunkDoc chunk(SinkHarness sink, IndexVersion target, Chunk chunk) throws Exception {
        return sink.client
                .get(g -> g.index(target.chunksIndex()).id(chunk.chunkId()), ChunkDoc.class)
                .source();
    }

    /**
     * With gc_deletes at 0 Elasticsearch still remembers a delete until a refresh after its clock (cached, 200 ms
     * a tick) moved on: a probe deleted after the newer version's deletes tells when they are forgotten too.
     */
    private static void awaitDeletesForgotten(SinkHarness sink, IndexVersion target) throws Exception {
        String probe = sink.prefix + "-probe";
        sink.client.indices().create(c -> c.index(probe).settings(s -> s.gcDeletes(g -> g.time("0s"))));
        sink.client.index(
                i -> i.index(probe).id("p").document(Map.of("n", 1)).version(2L).versionType(VersionType.External));
        sink.client.delete(d -> d.index(probe).id("p").version(3L).versionType(VersionType.External));
        await().atMost(DEADLINE).until(() -> {
            sink.client.indices().refresh(r -> r.index(probe));
            try {
                sink.client.index(i -> i.index(probe)
                        .id("p")
                        .document(Map.of("n", 1))
                        .version(1L)
                        .versionType(VersionType.External));
                return true;
            } catch (ElasticsearchException conflict) {
                return false;
            } catch (ResponseException conflict) {
                // The client sometimes hands the 409 over as the low-level exception.
                if (conflict.getResponse().getStatusLine().getStatusCode() != 409) {
                    throw conflict;
                }
                return false;
            }
        });
        sink.client.indices().refresh(r -> r.index(target.chunksIndex(), target.docsIndex()));
        sink.client.indices().delete(d -> d.index(probe));
    }

    @Test
    void shouldSkipAnOlderVersionWhoseStateWasReadBeforeANewerOneWasWritten() throws Exception {
        try (SinkHarness sink = new SinkHarness().start();
                HeldWriter late = new HeldWriter(sink, Step.STATE_READ)) {
            IndexVersion target = sink.sink().servingVersion();
            DocumentWriter current = writer(sink, DocumentWriter.Steps.NONE);
            DocumentChunks three = SinkHarness.document("race.md", "alpha", "beta");
            DocumentChunks five = SinkHarness.document("race.md", "alpha", "gamma");
            DocumentChunks ten = SinkHarness.document("race.md", "alpha", "delta");
            current.write(List.of(upsert(three, 3)), target, Visibility.REFRESH_NOW);

            Future<BatchResult> stale = late.write(List.of(upsert(five, 5)), target);
            assertEquals(
                    1,
                    current.write(List.of(upsert(ten, 10)), target, Visibility.REFRESH_NOW)
                            .applied()
                            .size());
            BatchResult result = late.finish(stale);

            assertEquals(List.of(), result.applied());
            assertEquals(1, result.skipped(), "superseded: skipped, not rejected");
            assertEquals(List.of(), result.rejected());
            assertEquals(SinkHarness.expected(ten), sink.chunksOf(ten.docId()));
            assertEquals(ten.content(), cardContent(sink, ten.docId()));
            DocState state = state(sink, target, ten.docId());
            assertEquals(10, state.generation());
            assertFalse(state.pending());
        }
    }

    @Test
    void shouldNotLetALateOlderWriterRecreateChunksOrACardANewerVersionDeleted() throws Exception {
        try (SinkHarness sink = new SinkHarness().start();
                HeldWriter late = new HeldWriter(sink, Step.CLAIMED, Step.WRITTEN)) {
            IndexVersion target = sink.sink().servingVersion();
            // Elasticsearch forgets deletes (gc_deletes 0): a late write is stopped by the fence, not by tombstones.
            sink.client.indices().putSettings(p -> p.index(target.chunksIndex() + "," + target.docsIndex())
                    .settings(s -> s.gcDeletes(g -> g.time("0s"))));
            DocumentWriter current = writer(sink, DocumentWriter.Steps.NONE);
            DocumentChunks edited3 = SinkHarness.document("edited.md", "kept", "dropped");
            DocumentChunks edited5 = SinkHarness.document("edited.md", "kept", "dropped", "added in five");
            DocumentChunks edited10 = SinkHarness.document("edited.md", "kept", "new in ten");
            DocumentChunks removed3 = SinkHarness.document("removed.md", "soon gone");
            DocumentChunks removed5 = SinkHarness.document("removed.md", "soon gone", "late addition");
            current.write(List.of(upsert(edited3, 3), upsert(removed3, 3)), target, Visibility.REFRESH_NOW);

            // The older writer has claimed both documents; the newer one claims over it and writes everything.
            Future<BatchResult> stale = late.write(List.of(upsert(edited5, 5), upsert(removed5, 5)), target);
            BatchResult newer = current.write(
                    List.of(upsert(edited10, 10), delete(removed3.docId(), 10)), target, Visibility.REFRESH_NOW);
            assertEquals(2, newer.applied().size());
            awaitDeletesForgotten(sink, target);

            late.resumeUntil(Step.WRITTEN, stale);
            List<String> underTen = sink.chunksOf(edited10.docId());
            assertTrue(
                    underTen.containsAll(SinkHarness.expected(edited5)) && underTen.size() == 4,
                    "the late write re-created what version 10 deleted: " + underTen);
            assertEquals(SinkHarness.expected(removed5), sink.chunksOf(removed3.docId()));
            assertTrue(sink.cardExists(removed3.docId()));
            BatchResult result = late.finish(stale);

            assertEquals(List.of(), result.applied());
            assertEquals(2, result.skipped());
            assertEquals(List.of(), result.rejected());
            assertEquals(SinkHarness.expected(edited10), sink.chunksOf(edited10.docId()));
            assertEquals(edited10.content(), cardContent(sink, edited10.docId()));
            assertEquals(List.of(), sink.chunksOf(removed3.docId()));
            assertFalse(sink.cardExists(removed3.docId()));
            assertEquals(10, state(sink, target, removed3.docId()).generation());
            assertTrue(state(sink, target, removed3.docId()).deleted());
        }
    }

    @Test
    void shouldKeepTheVectorsOfTheNewerVersionAndLetTheNextOneRewriteAChunkWhoseVectorWasAdded() throws Exception {
        try (SinkHarness sink = new SinkHarness().start();
                HeldWriter late = new HeldWriter(sink, Step.CLAIMED)) {
            IndexVersion target = sink.sink().servingVersion();
            DocumentChunks five = SinkHarness.document("vectors.md", "the capybara handbook", "older paragraph");
            DocumentChunks ten = SinkHarness.document("vectors.md", "the capybara handbook", "newer paragraph");
            Chunk shared = ten.chunks().get(0);

            Future<BatchResult> stale = late.write(List.of(upsert(five, 5)), target);
            sink.send(ten.docId(), ten, 10);
            await().atMost(DEADLINE)
                    .until(() -> sink.chunksOf(ten.docId()).equals(SinkHarness.expected(ten))
                            && sink.awaitingVectors() == 0);
            assertEquals(1, late.finish(stale).skipped());

            assertEquals(SinkHarness.expected(ten), sink.chunksOf(ten.docId()));
            assertEquals(0, sink.awaitingVectors(), "the late write took no vector away");
            assertEquals(10, chunk(sink, target, shared).generation());
            // The vector pass's update (seq_no-conditional) added one to the version the generation set...
            long version = sink.client
                    .get(g -> g.index(target.chunksIndex()).id(shared.chunkId()), ChunkDoc.class)
                    .version();
            assertEquals(11, version);
            // ...and the very next generation still rewrites the chunk (its card fields changed, not its text).
            DocumentChunks eleven = SinkHarness.document(
                    "vectors.md", List.of("rodents"), 1, "the capybara handbook", "newer paragraph");
            sink.send(eleven.docId(), eleven, 11);
            await().atMost(DEADLINE)
                    .until(() -> chunk(sink, target, shared).keywords().equals(List.of("rodents")));
            assertEquals(11, chunk(sink, target, shared).generation());
            assertEquals(0, sink.awaitingVectors(), "the rewrite carries the known vector");
        }
    }

    /**
     * A writer on the sink's index version, on its own thread, held at each of the given steps of its write until
     * told to go on.
     */
    private static final class HeldWriter implements AutoCloseable {
        private final Map<Step, CountDownLatch> reached = new EnumMap<>(Step.class);
        private final Map<Step, CountDownLatch> released = new EnumMap<>(Step.class);
        private final ExecutorService thread = Executors.newSingleThreadExecutor();
        private final DocumentWriter writer;
        private final Step first;
        private Step held;

        HeldWriter(SinkHarness sink, Step... at) {
            for (Step step : at) {
                reached.put(step, new CountDownLatch(1));
                released.put(step, new CountDownLatch(1));
            }
            this.first = at[0];
            this.writer = writer(sink, this::hold);
        }

        private void hold(Step step) {
            CountDownLatch arrived = reached.get(step);
            if (arrived == null || arrived.getCount() == 0) {
                return;
            }
            arrived.countDown();
            try {
                released.get(step).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Starts the write and returns once it is held at the first step (or has failed: the future tells why). */
        Future<BatchResult> write(List<Change> changes, IndexVersion target) {
            Future<BatchResult> result = thread.submit(() -> writer.write(changes, target, Visibility.REFRESH_NOW));
            awaitHeld(first, result);
            return result;
        }

        /** Lets the write go on from where it is held to the next step it is held at. */
        void resumeUntil(Step next, Future<BatchResult> result) {
            released.get(held).countDown();
            awaitHeld(next, result);
        }

        BatchResult finish(Future<BatchResult> result) throws Exception {
            released.values().forEach(CountDownLatch::countDown);
            return result.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }

        private void awaitHeld(Step step, Future<BatchResult> result) {
            await().atMost(DEADLINE).until(() -> reached.get(step).getCount() == 0 || result.isDone());
            held = step;
        }

        @Override
        public void close() {
            released.values().forEach(CountDownLatch::countDown);
            thread.shutdownNow();
        }
    }
}
