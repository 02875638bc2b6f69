package kb.search.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.mapping.DenseVectorIndexOptionsType;
import co.elastic.clients.elasticsearch._types.mapping.DenseVectorProperty;
import co.elastic.clients.elasticsearch._types.mapping.Property;
import co.elastic.clients.elasticsearch._types.mapping.TypeMapping;
import co.elastic.clients.json.JsonData;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The vector index chosen by size (docs/decisions/vector-index-by-size.md): a chunk index created flat
 * ({@link VectorIndex#FLAT}, exact, cheap to build) gets an {@code int8_hnsw} graph once it holds
 * {@value #HNSW_FROM_CHUNKS} chunks or more, where comparing a question with every vector costs more than a person
 * should wait. Elasticsearch changes a {@code dense_vector}'s {@code index_options} from {@code int8_flat} to
 * {@code int8_hnsw} in place: segments written after the change carry the graph, older ones are searched exactly
 * until a merge rewrites them, so the index, its alias and every write stay as they are (no reindex, no moment
 * without an index) and the results of the older segments stay exact meanwhile. A force merge (asked without
 * waiting for it) gives the older segments their graph.
 *
 * <p>The index's recorded choice ({@link IndexMeta#VECTOR_INDEX}, compared with {@code KB_VECTOR_INDEX} by the
 * sink) is left as it was created, so the switch never makes the sink build a new version; {@link #GROWN} records
 * it instead.
 */
public final class VectorIndexBySize {

    /**
     * Chunks from which a flat index gets a graph: a flat kNN took 22 ms at 10k chunks, 35 ms at 50k and 61 ms at 100k,
     * HNSW 18 ms at both ends (flat-vectors.md); every development and evaluation folder (at most 11k chunks) stays
     * flat, exact and deterministic.
     */
    public static final long HNSW_FROM_CHUNKS = 30_000;

    /** The {@code _meta} key recording that the flat index was given its graph by size. */
    public static final String GROWN = "vector_index_grown";

    private static final List<String> FIELDS = List.of(ChunkFields.EMBEDDING, ChunkFields.EMBEDDING_ZH);

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final long threshold;

    public VectorIndexBySize(ElasticsearchClient client, String chunksAlias, long threshold) {
        this.client = client;
        this.chunksAlias = chunksAlias;
        this.threshold = threshold;
    }

    public VectorIndexBySize(ElasticsearchClient client, String chunksAlias) {
        this(client, chunksAlias, HNSW_FROM_CHUNKS);
    }

    /**
     * Gives a flat index its graph when it has grown to the threshold; whether it did now (false when small, already
     * a graph, or with no vector fields yet).
     *
     * @param mergeAfter whether to ask for the force merge that gives the existing segments their graph
     */
    public boolean applyIfGrown(boolean mergeAfter) throws IOException {
        String index = IndexMeta.indexBehind(client, chunksAlias);
        TypeMapping mapping = client.indices()
                .getMapping(m -> m.index(index))
                .result()
                .get(index)
                .mappings();
        Map<String, Property> flat = flatVectorFields(mapping);
        if (flat.isEmpty() || client.count(c -> c.index(index)).count() < threshold) {
            return false;
        }
        Map<String, JsonData> meta = new HashMap<>(mapping.meta() == null ? Map.of() : mapping.meta());
        meta.put(GROWN, JsonData.of(VectorIndex.HNSW.id()));
        client.indices().putMapping(p -> p.index(index).properties(flat).meta(meta));
        if (mergeAfter) {
            // Not waited for: the merge builds graphs for a while and questions are answered meanwhile.
            client.indices().forcemerge(f -> f.index(index).maxNumSegments(1L).waitForCompletion(false));
        }
        return true;
    }

    /** The vector fields still indexed flat, each as it would be with a graph. */
    private static Map<String, Property> flatVectorFields(TypeMapping mapping) {
        Map<String, Property> grown = new HashMap<>();
        for (String field : FIELDS) {
            Property property = mapping.properties().get(field);
            if (property == null || !property.isDenseVector()) {
                continue;
            }
            DenseVectorProperty vector = property.denseVector();
            if (vector.indexOptions() != null
                    && vector.indexOptions().type() == DenseVectorIndexOptionsType.Int8Flat
                    && vector.dims() != null) {
                grown.put(
                        field,
                        Property.of(p -> p.denseVector(vector.rebuild()
                                .indexOptions(o -> o.type(DenseVectorIndexOptionsType.Int8Hnsw))
                                .build())));
            }
        }
        return grown;
    }
}
