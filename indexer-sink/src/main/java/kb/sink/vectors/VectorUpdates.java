package kb.sink.vectors;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.search.es.ChunkFields;
import kb.search.es.VectorBytes;
import kb.sink.vectors.SliceReader.PendingChunk;
import kb.sink.write.EmbeddingStage;
import kb.sink.write.RetriableWriteException;

/** The vector pass's write: one bulk of partial updates adding each chunk's vector, every item checked. */
final class VectorUpdates {

    private final ElasticsearchClient client;
    private final EmbeddingStage embeddings;
    private final MeterRegistry registry;

    VectorUpdates(ElasticsearchClient client, EmbeddingStage embeddings, MeterRegistry registry) {
        this.client = client;
        this.embeddings = embeddings;
        this.registry = registry;
    }

    /**
     * Conditional on the sequence number read: a chunk rewritten or deleted since is left alone. (The update API
     * has no external versioning: it adds one to the version the writer set, the generation; the writer's
     * {@code external_gte} lets the next generation land over it all the same.)
     */
    List<String> update(String index, List<Hit<PendingChunk>> pending, Map<String, float[]> vectors)
            throws IOException {
        List<BulkOperation> ops = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (Hit<PendingChunk> hit : pending) {
            float[] vector = vectors.get(embeddings.keyOf(hit.source().enrichedText()));
            if (vector == null) {
                continue;
            }
            Map<String, Object> partial = Map.of(
                    embeddings.fieldOf(hit.source().enrichedText()),
                    vector,
                    ChunkFields.VECTOR_BYTES,
                    VectorBytes.encode(vector));
            ops.add(BulkOperation.of(o -> o.update(u -> u.index(index)
                    .id(hit.id())
                    .ifSeqNo(hit.seqNo())
                    .ifPrimaryTerm(hit.primaryTerm())
                    .action(a -> a.doc(partial)))));
            ids.add(hit.id());
        }
        if (ops.isEmpty()) {
            return List.of();
        }
        BulkResponse response = client.bulk(b -> b.operations(ops));
        List<String> done = new ArrayList<>();
        for (int i = 0; i < response.items().size(); i++) {
            BulkResponseItem item = response.items().get(i);
            if (item.error() == null) {
                done.add(ids.get(i));
                registry.counter("kb_sink_vectors_total", "outcome", "added").increment();
            } else if (item.status() == 404 || item.status() == 409) {
                done.add(ids.get(i)); // deleted or rewritten since the scan: the new version is found again if needed
                registry.counter("kb_sink_vectors_total", "outcome", "superseded")
                        .increment();
            } else {
                throw new RetriableWriteException("vector update rejected with status " + item.status() + ": "
                        + item.error().reason());
            }
        }
        return done;
    }
}
