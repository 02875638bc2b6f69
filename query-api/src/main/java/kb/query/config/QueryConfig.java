package kb.query.config;

import kb.core.CommonConfig;
import kb.core.KbSettings;
import kb.core.Settings;
import kb.core.SinkGroups;
import kb.search.es.IndexNames;

/**
 * Configuration of the query API.
 *
 * @param port            HTTP port ({@code KB_API_PORT}, default 8080)
 * @param bm25Window      chunks taken from the BM25 arm ({@code KB_BM25_WINDOW}, default 30)
 * @param knnWindow       chunks taken from the vector arm ({@code KB_KNN_WINDOW}, default 30)
 * @param vectorSearch    kNN candidates and float rescoring ({@code KB_KNN_CANDIDATES}, {@code KB_KNN_OVERSAMPLE})
 * @param rrfK            Reciprocal Rank Fusion constant ({@code KB_RRF_K}, default 10, docs/evaluation.md)
 * @param bm25Weight      weight of the BM25 arm in the fusion ({@code KB_RRF_BM25_WEIGHT}, default 0.3, docs/evaluation.md)
 * @param cjkBm25Weight   the BM25 weight for a question mostly in CJK script ({@code KB_RRF_CJK_BM25_WEIGHT}, default 1.0)
 * @param crossVectorWeight the weight of the Chinese vector field for a question without CJK, by language
 *                        ({@code KB_RRF_CROSS_VECTOR_WEIGHT}, default 1.0: the same vote as the English field)
 * @param vectorWeight    weight of the vector arm in the fusion ({@code KB_RRF_VECTOR_WEIGHT}, default 1.0)
 * @param l0Weight        weight of the L0 arm (chunks of keyword-matched documents) ({@code KB_RRF_L0_WEIGHT}, 2.0)
 * @param apiToken        bearer token for writes ({@code KB_API_TOKEN}); null: writes are open
 * @param collections     the collections' folders uploads are saved to, the default first ({@code KB_COLLECTIONS}
 *                        as {@code name=folder,...}, else {@code KB_BASE_DIR} named by {@code KB_COLLECTION})
 * @param maxUploadBytes  upload size cap ({@code KB_MAX_FILE_BYTES}, default 1 MiB)
 * @param convexAlpha     0: fuse by RRF; above 0: convex combination with this BM25 share ({@code KB_FUSION}=convex,
 *                        {@code KB_CONVEX_ALPHA}, default 0.3)
 * @param titleBoost      boost of a title match in the BM25 arm, 0 for none ({@code KB_BM25_TITLE_BOOST})
 * @param chunkerGroup    the chunker's application id, for its lag ({@code KB_CHUNKER_APP_ID})
 * @param sinkGroups      the sink's consumer groups, for their lag ({@code KB_SINK_GROUP})
 * @param gateMinCosine   honesty gate threshold when configured ({@code KB_GATE_MIN_COSINE}); empty: the gate
 *                        calibrates itself on the corpus (see {@code calibration.GateCalibrator})
 * @param rareBm25Weight  weight of the BM25 arm when the question holds a rare term ({@code KB_RRF_RARE_BM25_WEIGHT},
 *                        see {@code search.terms.RareTerms})
 * @param genericL0Weight weight of L0 documents matched by generic keywords only ({@code KB_RRF_GENERIC_L0_WEIGHT},
 *                        see {@code search.terms.KeywordSpecificity})
 * @param fusionQuestions pseudo-questions the fusion is fitted on ({@code KB_FUSION_PSEUDO_QUESTIONS}); default
 *                        0, the configured weights unfitted: fitted on the corpus's own pseudo-questions, the weights
 *                        lean to BM25 further than real questions do (docs/decisions/fitted-ranking.md)
 * @param gatePeriod      how often the gate checks whether the corpus changed and calibrates again
 *                        ({@code KB_GATE_CALIBRATION_PERIOD}, default PT30S)
 * @param host            interface the API binds to ({@code KB_API_HOST}, default 127.0.0.1: loopback only)
 * @param esConnectTimeout connect timeout of the query path's Elasticsearch client ({@code KB_ES_QUERY_CONNECT_TIMEOUT},
 *                        default 1 s)
 * @param esSocketTimeout  socket timeout of the query path ({@code KB_ES_QUERY_TIMEOUT}, default 3 s): a hung
 *                        Elasticsearch costs a query at most this, once; then L0 answers degraded at once
 * @param allowedOrigins  browser origins besides the API's own allowed to write and to use /mcp
 *                        ({@code KB_API_ALLOWED_ORIGINS}, comma-separated, e.g. {@code https://kb.example.com})
 */
public record QueryConfig(
        CommonConfig common,
        String elasticsearchUrl,
        IndexNames indexNames,
        String embeddingModel,
        int port,
        int bm25Window,
        int knnWindow,
        VectorSearch vectorSearch,
        int rrfK,
        double bm25Weight,
        double cjkBm25Weight,
        double crossVectorWeight,
        double vectorWeight,
        double l0Weight,
        String apiToken,
        java.util.List<kb.core.CollectionFolder> collections,
        long maxUploadBytes,
        double convexAlpha,
        double titleBoost,
        String chunkerGroup,
        SinkGroups sinkGroups,
        java.util.OptionalDouble gateMinCosine,
        double rareBm25Weight,
        double genericL0Weight,
        java.time.Duration gatePeriod,
        String host,
        java.time.Duration esConnectTimeout,
        java.time.Duration esSocketTimeout,
        java.util.List<String> allowedOrigins,
        int fusionQuestions) {

    public static QueryConfig from(Settings settings) {
        return new QueryConfig(
                CommonConfig.from(settings),
                settings.get(KbSettings.ES_URL),
                new IndexNames(settings.get(KbSettings.INDEX_PREFIX)),
                kb.search.embed.Embeddings.setting(settings),
                settings.get(KbSettings.API_PORT),
                settings.get(KbSettings.BM25_WINDOW),
                settings.get(KbSettings.KNN_WINDOW),
                new VectorSearch(settings.get(KbSettings.KNN_CANDIDATES), settings.get(KbSettings.KNN_OVERSAMPLE)),
                settings.get(KbSettings.RRF_K),
                settings.get(KbSettings.RRF_BM25_WEIGHT),
                settings.get(KbSettings.RRF_CJK_BM25_WEIGHT),
                settings.get(KbSettings.RRF_CROSS_VECTOR_WEIGHT),
                settings.get(KbSettings.RRF_VECTOR_WEIGHT),
                settings.get(KbSettings.RRF_L0_WEIGHT),
                settings.get(KbSettings.API_TOKEN),
                kb.core.CollectionFolder.allFrom(settings),
                settings.get(KbSettings.MAX_FILE_BYTES),
                "convex".equalsIgnoreCase(settings.get(KbSettings.FUSION)) ? settings.get(KbSettings.CONVEX_ALPHA) : 0,
                settings.get(KbSettings.BM25_TITLE_BOOST),
                settings.get(KbSettings.CHUNKER_APP_ID),
                SinkGroups.from(settings),
                settings.get(KbSettings.GATE_MIN_COSINE),
                settings.get(KbSettings.RRF_RARE_BM25_WEIGHT),
                settings.get(KbSettings.RRF_GENERIC_L0_WEIGHT),
                settings.get(KbSettings.GATE_CALIBRATION_PERIOD),
                settings.get(KbSettings.API_HOST),
                settings.get(KbSettings.ES_QUERY_CONNECT_TIMEOUT),
                settings.get(KbSettings.ES_QUERY_TIMEOUT),
                settings.get(KbSettings.API_ALLOWED_ORIGINS),
                settings.get(KbSettings.FUSION_PSEUDO_QUESTIONS));
    }
}
