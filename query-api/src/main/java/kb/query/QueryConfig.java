package kb.query;

import kb.core.CommonConfig;
import kb.core.Settings;
import kb.core.embed.EmbeddingModelSpec;
import kb.core.es.IndexNames;

/**
 * Configuration of the query API.
 *
 * @param port            HTTP port ({@code KB_API_PORT}, default 8080)
 * @param bm25Window      chunks taken from the BM25 arm ({@code KB_BM25_WINDOW}, default 30)
 * @param knnWindow       chunks taken from the vector arm ({@code KB_KNN_WINDOW}, default 30)
 * @param numCandidates   HNSW candidates per shard ({@code KB_KNN_CANDIDATES}, default 100)
 * @param rrfK            Reciprocal Rank Fusion constant ({@code KB_RRF_K}, default 60)
 * @param bm25Weight      weight of the BM25 arm in the fusion ({@code KB_RRF_BM25_WEIGHT}, default 1.0)
 * @param vectorWeight    weight of the vector arm in the fusion ({@code KB_RRF_VECTOR_WEIGHT}, default 1.0)
 * @param minCosine       honesty gate: below this best cosine, and with no lexical match, nothing is found
 *                        ({@code KB_GATE_MIN_COSINE})
 */
public record QueryConfig(
        CommonConfig common,
        String elasticsearchUrl,
        IndexNames indexNames,
        EmbeddingModelSpec model,
        int port,
        int bm25Window,
        int knnWindow,
        int numCandidates,
        int rrfK,
        double bm25Weight,
        double vectorWeight,
        double minCosine) {

    public static QueryConfig from(Settings settings) {
        return new QueryConfig(
                CommonConfig.from(settings),
                settings.string("KB_ES_URL", "http://localhost:9200"),
                new IndexNames(settings.string("KB_INDEX_PREFIX", IndexNames.DEFAULT_PREFIX)),
                EmbeddingModelSpec.byId(settings.string("KB_EMBEDDING_MODEL", EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.id())),
                settings.integer("KB_API_PORT", 8080),
                settings.integer("KB_BM25_WINDOW", 30),
                settings.integer("KB_KNN_WINDOW", 30),
                settings.integer("KB_KNN_CANDIDATES", 100),
                settings.integer("KB_RRF_K", 60),
                settings.decimal("KB_RRF_BM25_WEIGHT", 1.0),
                settings.decimal("KB_RRF_VECTOR_WEIGHT", 1.0),
                settings.decimal("KB_GATE_MIN_COSINE", 0.70));
    }

    public QueryConfig withPort(int newPort) {
        return new QueryConfig(common, elasticsearchUrl, indexNames, model, newPort, bm25Window, knnWindow,
                numCandidates, rrfK, bm25Weight, vectorWeight, minCosine);
    }
}
