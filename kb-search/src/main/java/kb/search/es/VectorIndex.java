package kb.search.es;

import java.util.Arrays;
import java.util.Locale;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

/**
 * How Elasticsearch indexes the chunk vectors ({@code KB_VECTOR_INDEX}). Both keep the vectors quantised to bytes
 * beside the floats; they differ in how a question finds its neighbours.
 *
 * <ul>
 *   <li>{@link #FLAT} (default): no graph; a question is compared with every vector (exact search over the byte
 *       vectors). Building an HNSW graph was the largest part of Elasticsearch's CPU during a first index (its
 *       merges rebuild the graph), and on a 2-core machine that CPU is taken from the embedder; the graph's
 *       approximation also made two builds of the same folder rank differently. Comparing with every vector costs
 *       a question time in proportion to the chunks: fine for a knowledge base of notes (tens of thousands of
 *       chunks), not for millions.</li>
 *   <li>{@link #HNSW}: Elasticsearch's graph ({@code int8_hnsw}, its default): a question's cost grows slowly
 *       with the index, for large deployments; {@code KB_KNN_CANDIDATES} sets how far it looks.</li>
 * </ul>
 *
 * <p>The choice is recorded in the index's {@code _meta}: changing it builds a new index version (the migration).
 */
public enum VectorIndex {
    FLAT("int8_flat"),
    HNSW("int8_hnsw");

    public static final String SETTING = KbSettings.VECTOR_INDEX.name();
    public static final VectorIndex DEFAULT = FLAT;
    /** What an index created before the choice was recorded holds: Elasticsearch's default. */
    public static final VectorIndex UNRECORDED = HNSW;

    private final String elasticsearchType;

    VectorIndex(String elasticsearchType) {
        this.elasticsearchType = elasticsearchType;
    }

    /** The {@code index_options.type} of the {@code dense_vector} fields. */
    public String elasticsearchType() {
        return elasticsearchType;
    }

    /** The setting's value and the {@code _meta} entry. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static VectorIndex from(Settings settings) {
        return byId(settings.get(KbSettings.VECTOR_INDEX));
    }

    public static VectorIndex byId(String id) {
        String wanted = id.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(v -> v.id().equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(SETTING + " must be one of "
                        + Arrays.stream(values()).map(VectorIndex::id).toList() + ", was '" + id + "'"));
    }
}
