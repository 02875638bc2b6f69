package kb.sink.write;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.json.JsonData;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import kb.core.Chunk;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkFields;
import kb.search.es.ChunkQueries;
import kb.search.es.VectorBytes;

/**
 * Vectors for chunks, computed only for text never embedded before. The cache is keyed by
 * (model id, hash of the enriched text): a recent-vectors memory first, then the chunk index itself
 * (every stored chunk carries its key), so an unchanged section, a restart or a renamed file costs no
 * embedding. Vectors of a deleted document are kept in memory for a while: a rename is a delete followed
 * by an upsert of the same text under a new path.
 *
 * <p>Each text is embedded by the model of its script ({@link Embeddings#forPassage}) into that model's field;
 * the key names the model, so a key found in the index also tells which field its vector came from.
 */
public final class EmbeddingStage {

    private static final int MEMORY_ENTRIES = 10_000;
    private static final int LOOKUP_SLICE = 1_000;
    /** What a stored chunk's source gives the cache: its key, and its vector in an index of before version 7. */
    private static final List<String> STORED_VECTOR_SOURCE =
            List.of("embedding_key", ChunkFields.EMBEDDING, ChunkFields.EMBEDDING_ZH);

    /** The parts of a stored chunk the cache needs. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record StoredVector(String embeddingKey, float[] embedding, float[] embeddingZh) {

        float[] vector() {
            return embedding != null ? embedding : embeddingZh;
        }
    }

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final Embeddings embeddings;
    private final MeterRegistry registry;
    private final Timer embedLatency;
    private final Map<String, float[]> recent = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > MEMORY_ENTRIES;
        }
    };

    /** @param chunksAlias the serving chunk index, searched too: a reindex reuses what it already holds */
    public EmbeddingStage(
            ElasticsearchClient client, String chunksAlias, Embeddings embeddings, MeterRegistry registry) {
        this.client = client;
        this.chunksAlias = chunksAlias;
        this.embeddings = embeddings;
        this.registry = registry;
        this.embedLatency = Timer.builder("kb_sink_embed_latency").register(registry);
    }

    public String keyOf(Chunk chunk) {
        return keyOf(chunk.enrichedText());
    }

    public String keyOf(String enrichedText) {
        return embeddings.keyOf(enrichedText);
    }

    /** The vector field a text's vector goes into. */
    public String fieldOf(String enrichedText) {
        return embeddings.forPassage(enrichedText).field();
    }

    /**
     * A chunk's cache key, the field its vector goes into, and its vector (null while the text has never been
     * embedded).
     */
    record Embedded(String key, String field, float[] vector) {}

    /**
     * chunk id → (cache key, vector or null) for every chunk given, without embedding anything: the text is
     * written at once with what is known, and the vector pass fills in the rest. Each text is hashed once.
     */
    public Map<String, Embedded> known(List<Chunk> chunks, String chunksIndex) throws IOException {
        Map<String, Embedded> byChunk = new HashMap<>();
        for (Chunk chunk : chunks) {
            Embeddings.Space space = embeddings.forPassage(chunk.enrichedText());
            String key = Embeddings.keyOf(space, chunk.enrichedText());
            byChunk.put(chunk.chunkId(), new Embedded(key, space.field(), null));
        }
        Map<String, float[]> byKey = lookup(
                byChunk.values().stream().map(Embedded::key).collect(Collectors.toCollection(LinkedHashSet::new)),
                chunksIndex);
        byChunk.replaceAll((chunkId, e) -> new Embedded(e.key(), e.field(), byKey.get(e.key())));
        registry.counter("kb_sink_embeddings_total", "source", "cache")
                .increment(byChunk.values().stream()
                        .filter(e -> e.vector() != null)
                        .count());
        return byChunk;
    }

    /** key → vector for each (key → enriched text), embedding only the texts no cache knows. */
    public Map<String, float[]> vectors(Map<String, String> textsByKey, String chunksIndex) throws IOException {
        return vectors(textsByKey, storedVectors(textsByKey.keySet(), chunksIndex));
    }

    /**
     * key → vector for each key a cache knows (recent vectors, then the chunk indexes), without embedding anything:
     * the vector pass looks a slice up while the slice before it is embedded.
     */
    public Map<String, float[]> storedVectors(Set<String> keys, String chunksIndex) throws IOException {
        Map<String, float[]> byKey = lookup(keys, chunksIndex);
        registry.counter("kb_sink_embeddings_total", "source", "cache").increment(byKey.size());
        return byKey;
    }

    /** key → vector for each (key → enriched text): the ones {@code known} as they are, the others embedded. */
    public Map<String, float[]> vectors(Map<String, String> textsByKey, Map<String, float[]> known) {
        Map<String, float[]> byKey = new HashMap<>();
        Map<Embeddings.Space, List<String>> missing = new LinkedHashMap<>();
        textsByKey.forEach((key, text) -> {
            float[] vector = known.get(key);
            if (vector != null) {
                byKey.put(key, vector);
            } else {
                missing.computeIfAbsent(embeddings.forPassage(text), s -> new ArrayList<>())
                        .add(key);
            }
        });
        missing.forEach((space, keys) -> {
            List<String> texts = keys.stream().map(textsByKey::get).toList();
            List<float[]> computed = embedLatency.record(() -> space.embedder().embedPassages(texts));
            for (int i = 0; i < keys.size(); i++) {
                byKey.put(keys.get(i), computed.get(i));
                remember(keys.get(i), computed.get(i));
            }
            registry.counter("kb_sink_embeddings_total", "source", "computed").increment(keys.size());
        });
        return byKey;
    }

    /** Recent vectors first, then the chunk indexes (every stored chunk carries its key). */
    private Map<String, float[]> lookup(Set<String> keys, String chunksIndex) throws IOException {
        Map<String, float[]> byKey = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        synchronized (recent) {
            for (String key : keys) {
                float[] vector = recent.get(key);
                if (vector != null) {
                    byKey.put(key, vector);
                } else {
                    unknown.add(key);
                }
            }
        }
        Map<String, float[]> stored = stored(unknown, chunksIndex);
        stored.forEach(this::remember);
        byKey.putAll(stored);
        return byKey;
    }

    private void remember(String key, float[] vector) {
        synchronized (recent) {
            recent.put(key, vector);
        }
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
        List<FieldValue> values = keys.stream().map(FieldValue::of).toList();
        return readVectors(client.search(
                s -> s.index(chunksIndex, chunksAlias)
                        .size(2 * keys.size())
                        .query(q -> q.bool(b -> b.filter(f ->
                                        f.terms(t -> t.field("embedding_key").terms(v -> v.value(values))))
                                .mustNot(ChunkQueries.awaitingVector())))
                        .source(src -> src.filter(f -> f.includes(STORED_VECTOR_SOURCE)))
                        .docvalueFields(d -> d.field(ChunkFields.VECTOR_BYTES)),
                StoredVector.class));
    }

    /**
     * Before a document's chunks are deleted, remember their vectors (a rename re-adds the same text). A search, not
     * a get: a get cannot return doc values. A chunk written within the last refresh is not found; its text is then
     * embedded again.
     */
    public void remember(Collection<String> chunkIds, String chunksIndex) throws IOException {
        List<String> ids = List.copyOf(chunkIds);
        for (int from = 0; from < ids.size(); from += LOOKUP_SLICE) {
            List<String> slice = ids.subList(from, Math.min(ids.size(), from + LOOKUP_SLICE));
            readVectors(client.search(
                            s -> s.index(chunksIndex)
                                    .size(slice.size())
                                    .query(q -> q.ids(i -> i.values(slice)))
                                    .source(src -> src.filter(f -> f.includes(STORED_VECTOR_SOURCE)))
                                    .docvalueFields(d -> d.field(ChunkFields.VECTOR_BYTES)),
                            StoredVector.class))
                    .forEach(this::remember);
        }
    }

    /**
     * key → vector of each hit that has one: from {@link ChunkFields#VECTOR_BYTES}, or from the stored source of an
     * index of before {@link ChunkFields#VECTORS_OUT_OF_SOURCE_SINCE} (a migration's replay reuses its vectors).
     */
    private static Map<String, float[]> readVectors(SearchResponse<StoredVector> response) {
        Map<String, float[]> found = new HashMap<>();
        for (Hit<StoredVector> hit : response.hits().hits()) {
            StoredVector source = hit.source();
            if (source == null || source.embeddingKey() == null) {
                continue;
            }
            JsonData bytes = hit.fields().get(ChunkFields.VECTOR_BYTES);
            float[] vector = bytes != null
                    ? VectorBytes.decode(bytes.toJson().asJsonArray().getString(0))
                    : source.vector();
            if (vector != null) {
                found.putIfAbsent(source.embeddingKey(), vector);
            }
        }
        return found;
    }
}
