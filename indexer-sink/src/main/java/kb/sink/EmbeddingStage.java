package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kb.core.Chunk;
import kb.core.Ids;
import kb.core.embed.Embedder;
import kb.core.es.ChunkFields;

/**
 * Vectors for a batch's chunks, computed only for text never embedded before. The cache is keyed by
 * (model id, hash of the enriched text): a recent-vectors memory first, then the chunk index itself
 * (every stored chunk carries its key), so an unchanged section, a restart or a renamed file costs no
 * embedding. Vectors of a deleted document are kept in memory for a while: a rename is a delete followed
 * by an upsert of the same text under a new path.
 */
public final class EmbeddingStage {

    private static final int MEMORY_ENTRIES = 10_000;
    private static final int LOOKUP_SLICE = 1_000;

    /** The parts of a stored chunk the cache needs. */
    @com.fasterxml.jackson.databind.annotation.JsonNaming(
            com.fasterxml.jackson.databind.PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StoredVector(String embeddingKey, float[] embedding) {
    }

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final Embedder embedder;
    private final MeterRegistry registry;
    private final Timer embedLatency;
    private final Map<String, float[]> recent = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > MEMORY_ENTRIES;
        }
    };

    /** @param chunksAlias the serving chunk index, searched too: a reindex reuses what it already holds */
    public EmbeddingStage(ElasticsearchClient client, String chunksAlias, Embedder embedder, MeterRegistry registry) {
        this.client = client;
        this.chunksAlias = chunksAlias;
        this.embedder = embedder;
        this.registry = registry;
        this.embedLatency = Timer.builder("kb_sink_embed_latency").register(registry);
    }

    String keyOf(Chunk chunk) {
        return embedder.modelId() + ":" + Ids.sha256Hex(chunk.enrichedText());
    }

    /** A chunk's cache key and its vector. */
    record Embedded(String key, float[] vector) {
    }

    /** chunk id → (cache key, vector) for every chunk given; each text is hashed once. */
    Map<String, Embedded> vectorsFor(List<Chunk> chunks, String chunksIndex) throws IOException {
        Map<String, String> keys = new LinkedHashMap<>();
        for (Chunk chunk : chunks) {
            keys.put(chunk.chunkId(), keyOf(chunk));
        }
        Map<String, float[]> byKey = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        for (String key : new java.util.LinkedHashSet<>(keys.values())) {
            float[] vector = recent.get(key);
            if (vector != null) {
                byKey.put(key, vector);
            } else {
                unknown.add(key);
            }
        }
        byKey.putAll(stored(unknown, chunksIndex));
        int computed = computeMissing(chunks, keys, byKey);
        registry.counter("kb_sink_embeddings_total", "source", "computed").increment(computed);
        registry.counter("kb_sink_embeddings_total", "source", "cache").increment(chunks.size() - computed);
        Map<String, Embedded> byChunk = new HashMap<>();
        keys.forEach((chunkId, key) -> {
            recent.put(key, byKey.get(key));
            byChunk.put(chunkId, new Embedded(key, byKey.get(key)));
        });
        return byChunk;
    }

    private int computeMissing(List<Chunk> chunks, Map<String, String> keys, Map<String, float[]> byKey) {
        Map<String, String> toEmbed = new LinkedHashMap<>();
        for (Chunk chunk : chunks) {
            String key = keys.get(chunk.chunkId());
            if (!byKey.containsKey(key)) {
                toEmbed.putIfAbsent(key, chunk.enrichedText());
            }
        }
        if (toEmbed.isEmpty()) {
            return 0;
        }
        List<String> missing = new ArrayList<>(toEmbed.keySet());
        List<float[]> vectors = embedLatency.record(() -> embedder.embedPassages(new ArrayList<>(toEmbed.values())));
        for (int i = 0; i < missing.size(); i++) {
            byKey.put(missing.get(i), vectors.get(i));
        }
        return missing.size();
    }

    /** Looked up in slices: one search may return at most 10,000 hits (index.max_result_window). */
    private Map<String, float[]> stored(List<String> keys, String chunksIndex) throws IOException {
        Map<String, float[]> found = new HashMap<>();
        for (int from = 0; from < keys.size(); from += LOOKUP_SLICE) {
            found.putAll(storedSlice(keys.subList(from, Math.min(keys.size(), from + LOOKUP_SLICE)), chunksIndex));
        }
        return found;
    }

    private Map<String, float[]> storedSlice(List<String> keys, String chunksIndex) throws IOException {
        Map<String, float[]> found = new HashMap<>();
        List<FieldValue> values = keys.stream().map(FieldValue::of).toList();
        var response = client.search(s -> s.index(chunksIndex, chunksAlias).size(2 * keys.size())
                .query(q -> q.terms(t -> t.field("embedding_key").terms(v -> v.value(values))))
                .source(src -> src.filter(f -> f.includes("embedding_key", ChunkFields.EMBEDDING))), StoredVector.class);
        for (Hit<StoredVector> hit : response.hits().hits()) {
            if (hit.source() != null && hit.source().embedding() != null) {
                found.putIfAbsent(hit.source().embeddingKey(), hit.source().embedding());
            }
        }
        return found;
    }

    /** Before a document's chunks are deleted, remember their vectors (a rename re-adds the same text). */
    void remember(Collection<String> chunkIds, String chunksIndex) throws IOException {
        if (chunkIds.isEmpty()) {
            return;
        }
        var response = client.mget(m -> m.index(chunksIndex).ids(List.copyOf(chunkIds))
                .sourceIncludes("embedding_key", ChunkFields.EMBEDDING), StoredVector.class);
        for (MultiGetResponseItem<StoredVector> item : response.docs()) {
            if (item.isResult() && item.result().found() && item.result().source() != null
                    && item.result().source().embedding() != null) {
                recent.put(item.result().source().embeddingKey(), item.result().source().embedding());
            }
        }
    }
}
