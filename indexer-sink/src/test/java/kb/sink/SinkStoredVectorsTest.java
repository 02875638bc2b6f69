package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import co.elastic.clients.elasticsearch._types.Refresh;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.DocumentChunks;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkFields;
import kb.sink.write.EmbeddingStage;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * The vectors are indexed but kept out of a chunk's stored source (a search's fetch would parse them only to drop
 * them), and the sink still reads them back to reuse them: from {@link ChunkFields#VECTOR_BYTES}, or from the source
 * of an index written before that mapping (a migration's replay).
 */
class SinkStoredVectorsTest {

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @Test
    @SuppressWarnings("rawtypes") // a stored source read as it is
    void shouldKeepTheVectorsOutOfTheStoredSourceAndReadThemBackForReuse() throws Exception {
        try (SinkHarness sink = new SinkHarness().start()) {
            DocumentChunks doc = SinkHarness.document("stored.md", "vectors kept beside the text", "a second part");
            sink.send(doc.docId(), doc, 1);
            await().atMost(DEADLINE).until(() -> sink.chunksOf(doc.docId()).size() == 2 && sink.awaitingVectors() == 0);
            String index = sink.prefix + "-chunks";
            var hits = sink.client
                    .search(s -> s.index(index).size(10), Map.class)
                    .hits()
                    .hits();
            assertEquals(2, hits.size());
            for (var hit : hits) {
                assertFalse(
                        hit.source().containsKey(ChunkFields.EMBEDDING),
                        hit.source().keySet().toString());
                assertFalse(
                        hit.source().containsKey(ChunkFields.VECTOR_BYTES),
                        hit.source().keySet().toString());
            }

            Embeddings embeddings = SharedInfrastructure.embeddings();
            EmbeddingStage fresh = new EmbeddingStage(sink.client, index, embeddings, new SimpleMeterRegistry());
            String text = doc.chunks().get(0).enrichedText();
            String key = fresh.keyOf(text);
            float[] stored = fresh.storedVectors(Set.of(key), index).get(key);
            assertNotNull(stored, "the vector is read back from the index, not from the stage's memory");
            float[] embedded = embeddings
                    .forPassage(text)
                    .embedder()
                    .embedPassages(List.of(text))
                    .get(0);
            assertArrayEquals(embedded, stored, 1e-6f);
            assertRememberedBeforeTheDelete(sink, index, doc.chunks().get(0).chunkId(), key, embedded);
        }
    }

    @Test
    void shouldReuseTheVectorsAnIndexOfBeforeVersion7HoldsInItsSource() throws Exception {
        try (SinkHarness sink = new SinkHarness()) {
            String index = sink.prefix + "-chunks-v1";
            sink.client
                    .indices()
                    .create(
                            c -> c.index(index)
                                    .withJson(
                                            new StringReader(
                                                    """
                    {"mappings": {"properties": {
                      "embedding_key": {"type": "keyword"},
                      "embedding": {"type": "dense_vector", "dims": 3, "index": true, "similarity": "cosine"},
                      "embedding_zh": {"type": "dense_vector", "dims": 3, "index": true, "similarity": "cosine"}}}}
                    """)));
            sink.client.index(i -> i.index(index)
                    .id("c1")
                    .document(Map.of("embedding_key", "model:hash", "embedding", new float[] {0.6f, 0.8f, 0f}))
                    .refresh(Refresh.True));

            EmbeddingStage stage = new EmbeddingStage(
                    sink.client, index, SharedInfrastructure.embeddings(), new SimpleMeterRegistry());
            assertArrayEquals(
                    new float[] {0.6f, 0.8f, 0f},
                    stage.storedVectors(Set.of("model:hash"), index).get("model:hash"),
                    1e-6f);
            assertRememberedBeforeTheDelete(sink, index, "c1", "model:hash", new float[] {0.6f, 0.8f, 0f});
        }
    }

    /** What a rename does: the chunk's vector is remembered, the chunk deleted, and the vector still known. */
    private static void assertRememberedBeforeTheDelete(
            SinkHarness sink, String index, String chunkId, String key, float[] expected) throws Exception {
        EmbeddingStage stage =
                new EmbeddingStage(sink.client, index, SharedInfrastructure.embeddings(), new SimpleMeterRegistry());
        stage.remember(List.of(chunkId), index);
        sink.client.delete(d -> d.index(index).id(chunkId).refresh(Refresh.True));
        assertArrayEquals(expected, stage.storedVectors(Set.of(key), index).get(key), 1e-6f);
    }
}
