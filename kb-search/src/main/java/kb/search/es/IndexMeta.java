package kb.search.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.JsonData;
import java.io.IOException;
import java.util.Map;

/**
 * The keys of a chunk index's {@code _meta} the sink writes and the sink and query API read, and the lookup of
 * the physical index behind an alias: one definition for both modules.
 */
public final class IndexMeta {

    /** The mapping version the index was created with (see {@link ChunkFields#LEXICAL_FIELDS_SINCE}). */
    public static final String MAPPING_VERSION = "mapping_version";

    public static final String CHUNKER_VERSION = "chunker_version";
    /** The embedding model (or by-language set) whose vectors the index holds. */
    public static final String MODEL = "model";

    public static final String DIMS = "dims";
    /** How the vectors are indexed ({@link VectorIndex#id()}). */
    public static final String VECTOR_INDEX = "vector_index";

    /**
     * The reindex that built the version ({@code POST /api/v1/reindex}'s id): a restart finds a reindex it was
     * building (and resumes it) or one it finished (and still answers for its id).
     */
    public static final String REINDEX_ID = "reindex_id";

    private IndexMeta() {}

    /** The reindex id recorded, or null. */
    public static String reindexId(Map<String, JsonData> meta) {
        return meta != null && meta.containsKey(REINDEX_ID)
                ? meta.get(REINDEX_ID).to(String.class)
                : null;
    }

    /** The mapping version recorded, 0 for an index created before it was recorded. */
    public static int mappingVersion(Map<String, JsonData> meta) {
        return meta != null && meta.containsKey(MAPPING_VERSION)
                ? meta.get(MAPPING_VERSION).to(Integer.class)
                : 0;
    }

    /** The model recorded, or null when none is. */
    public static String model(Map<String, JsonData> meta) {
        return meta != null && meta.containsKey(MODEL) ? meta.get(MODEL).to(String.class) : null;
    }

    /** How the index's vectors are indexed: {@link VectorIndex#UNRECORDED} for an index from before the choice. */
    public static VectorIndex vectorIndex(Map<String, JsonData> meta) {
        return meta != null && meta.containsKey(VECTOR_INDEX)
                ? VectorIndex.byId(meta.get(VECTOR_INDEX).to(String.class))
                : VectorIndex.UNRECORDED;
    }

    /** The index's {@code _meta} (null when it has none). */
    public static Map<String, JsonData> of(ElasticsearchClient client, String index) throws IOException {
        return client.indices()
                .getMapping(m -> m.index(index))
                .result()
                .get(index)
                .mappings()
                .meta();
    }

    /** The physical index an alias points at (the sink keeps each alias on exactly one). */
    public static String indexBehind(ElasticsearchClient client, String alias) throws IOException {
        return client.indices()
                .getAlias(a -> a.name(alias))
                .result()
                .keySet()
                .iterator()
                .next();
    }
}
