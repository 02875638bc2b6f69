package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.Chunk;
import kb.core.embed.Embedder;
import kb.core.es.IndexNames;

/**
 * Vectors for a batch's chunks: reused from the index for chunk ids it already holds (ids are
 * content-addressed, so the same id means the same enriched text), computed in one batch for the rest.
 */
public final class EmbeddingStage {

    /** Just the vector of a stored chunk. */
    record StoredVector(float[] embedding) {
    }

    private final ElasticsearchClient client;
    private final IndexNames names;
    private final Embedder embedder;
    private final MeterRegistry registry;
    private final Timer embedLatency;

    public EmbeddingStage(ElasticsearchClient client, IndexNames names, Embedder embedder, MeterRegistry registry) {
        this.client = client;
        this.names = names;
        this.embedder = embedder;
        this.registry = registry;
        this.embedLatency = Timer.builder("kb_sink_embed_latency").register(registry);
    }

    Map<String, float[]> vectorsFor(List<Chunk> chunks, Set<String> storedIds) throws IOException {
        Map<String, float[]> vectors = new HashMap<>(reuse(chunks, storedIds));
        Map<String, String> toEmbed = new LinkedHashMap<>();
        for (Chunk chunk : chunks) {
            if (!vectors.containsKey(chunk.chunkId())) {
                toEmbed.putIfAbsent(chunk.chunkId(), chunk.enrichedText());
            }
        }
        if (!toEmbed.isEmpty()) {
            List<String> ids = new ArrayList<>(toEmbed.keySet());
            List<float[]> computed = embedLatency.record(() -> embedder.embedPassages(new ArrayList<>(toEmbed.values())));
            for (int i = 0; i < ids.size(); i++) {
                vectors.put(ids.get(i), computed.get(i));
            }
        }
        registry.counter("kb_sink_embeddings_total", "source", "computed").increment(toEmbed.size());
        registry.counter("kb_sink_embeddings_total", "source", "reused").increment(chunks.size() - toEmbed.size());
        return vectors;
    }

    private Map<String, float[]> reuse(List<Chunk> chunks, Set<String> storedIds) throws IOException {
        List<String> ids = chunks.stream().map(Chunk::chunkId).filter(storedIds::contains).distinct().toList();
        Map<String, float[]> found = new HashMap<>();
        if (ids.isEmpty()) {
            return found;
        }
        var response = client.mget(m -> m.index(names.chunksAlias()).ids(ids).sourceIncludes("embedding"),
                StoredVector.class);
        for (MultiGetResponseItem<StoredVector> item : response.docs()) {
            if (item.isResult() && item.result().found() && item.result().source() != null
                    && item.result().source().embedding() != null) {
                found.put(item.result().id(), item.result().source().embedding());
            }
        }
        return found;
    }
}
