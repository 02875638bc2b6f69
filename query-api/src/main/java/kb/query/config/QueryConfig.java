package kb.query.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.PathPrefix;
import kb.core.settings.Settings;
import kb.core.topics.CommonConfig;
import kb.core.topics.SinkGroups;
import kb.search.embed.Embeddings;
import kb.search.es.IndexNames;

/**
 * Configuration of the query API, read once from the settings at start, in the groups the code uses. Each
 * setting's name, default and meaning are declared in {@link KbSettings}.
 *
 * @param embeddingModel the model (or pair of models, by language) the questions are embedded with
 * @param collections    the collections' folders uploads are saved to, the default first
 * @param lag            the chunker's application id and the sink's consumer groups, whose lag the status reads
 * @param pageLayoutDir  where the producer keeps PDF pages' line boxes ({@code KB_PAGE_LAYOUT_DIR})
 */
public record QueryConfig(
        CommonConfig common,
        Elasticsearch elasticsearch,
        String embeddingModel,
        Exposure exposure,
        Ranking ranking,
        Gate gate,
        List<CollectionFolder> collections,
        Lag lag,
        Path pageLayoutDir) {

    /**
     * Where the index is and how long the query path waits for it: a hung Elasticsearch costs a query at most
     * the socket timeout, once; then L0 answers degraded at once.
     */
    public record Elasticsearch(String url, IndexNames indexNames, Duration connectTimeout, Duration socketTimeout) {}

    /**
     * Who may reach the API and write through it.
     *
     * @param apiToken       bearer token for writes; null: writes are open
     * @param allowedOrigins browser origins besides the API's own allowed to write and to use /mcp
     * @param basePath       the path a gateway serves the API under, when configured rather than sent as a header
     * @param writeWait      how long a write asked to wait for its version to be searchable waits at most
     */
    public record Exposure(
            int port,
            String host,
            String apiToken,
            List<String> allowedOrigins,
            long maxUploadBytes,
            Optional<PathPrefix> basePath,
            Duration writeWait) {}

    /**
     * How the arms are asked and fused (docs/decisions/fitted-ranking.md).
     *
     * @param fusion          how the arms are fused
     * @param evidence        the evidence fusion's weights as configured
     * @param evidenceChunkExponent how far the evidence weights follow the corpus's chunks per document
     *                        ({@link EvidenceWeights#forCorpus})
     * @param convexAlpha     the convex fusion's BM25 share
     * @param fusionQuestions pseudo-questions the fusion is fitted on; 0: the configured weights, unfitted
     */
    public record Ranking(
            int bm25Window,
            int knnWindow,
            VectorSearch vectorSearch,
            int rrfK,
            double bm25Weight,
            double cjkBm25Weight,
            double rareBm25Weight,
            double vectorWeight,
            double crossVectorWeight,
            double l0Weight,
            double genericL0Weight,
            FusionMethod fusion,
            EvidenceWeights evidence,
            double evidenceChunkExponent,
            double convexAlpha,
            double titleBoost,
            int fusionQuestions) {}

    /**
     * The honesty gate.
     *
     * @param minCosine the threshold when configured; empty: calibrated on the corpus, again every period while
     *                  the corpus changes
     */
    public record Gate(OptionalDouble minCosine, Duration period) {}

    /** The consumers whose lag the status reports. */
    public record Lag(String chunkerGroup, SinkGroups sinkGroups) {}

    public static QueryConfig from(Settings settings) {
        return new QueryConfig(
                CommonConfig.from(settings),
                new Elasticsearch(
                        settings.get(KbSettings.ES_URL),
                        new IndexNames(settings.get(KbSettings.INDEX_PREFIX)),
                        settings.get(KbSettings.ES_QUERY_CONNECT_TIMEOUT),
                        settings.get(KbSettings.ES_QUERY_TIMEOUT)),
                Embeddings.setting(settings),
                new Exposure(
                        settings.get(KbSettings.API_PORT),
                        settings.get(KbSettings.API_HOST),
                        settings.get(KbSettings.API_TOKEN),
                        settings.get(KbSettings.API_ALLOWED_ORIGINS),
                        settings.get(KbSettings.MAX_FILE_BYTES),
                        PathPrefix.parse(settings.get(KbSettings.API_BASE_PATH)),
                        settings.get(KbSettings.WRITE_WAIT)),
                ranking(settings),
                new Gate(settings.get(KbSettings.GATE_MIN_COSINE), settings.get(KbSettings.GATE_CALIBRATION_PERIOD)),
                CollectionFolder.allFrom(settings),
                new Lag(settings.get(KbSettings.CHUNKER_APP_ID), SinkGroups.from(settings)),
                settings.get(KbSettings.PAGE_LAYOUT_DIR));
    }

    private static Ranking ranking(Settings settings) {
        return new Ranking(
                settings.get(KbSettings.BM25_WINDOW),
                settings.get(KbSettings.KNN_WINDOW),
                new VectorSearch(settings.get(KbSettings.KNN_CANDIDATES), settings.get(KbSettings.KNN_OVERSAMPLE)),
                settings.get(KbSettings.RRF_K),
                settings.get(KbSettings.RRF_BM25_WEIGHT),
                settings.get(KbSettings.RRF_CJK_BM25_WEIGHT),
                settings.get(KbSettings.RRF_RARE_BM25_WEIGHT),
                settings.get(KbSettings.RRF_VECTOR_WEIGHT),
                settings.get(KbSettings.RRF_CROSS_VECTOR_WEIGHT),
                settings.get(KbSettings.RRF_L0_WEIGHT),
                settings.get(KbSettings.RRF_GENERIC_L0_WEIGHT),
                FusionMethod.named(settings.get(KbSettings.FUSION)),
                new EvidenceWeights(
                        settings.get(KbSettings.EVIDENCE_LEXICAL_WEIGHT),
                        settings.get(KbSettings.EVIDENCE_MEANING_WEIGHT),
                        settings.get(KbSettings.EVIDENCE_KEYWORD_WEIGHT),
                        settings.get(KbSettings.EVIDENCE_SPECIFIC_KEYWORD_WEIGHT),
                        settings.get(KbSettings.EVIDENCE_TITLE_WEIGHT),
                        settings.get(KbSettings.EVIDENCE_CROSS_MEANING_SHARE)),
                settings.get(KbSettings.EVIDENCE_CHUNK_EXPONENT),
                settings.get(KbSettings.CONVEX_ALPHA),
                settings.get(KbSettings.BM25_TITLE_BOOST),
                settings.get(KbSettings.FUSION_PSEUDO_QUESTIONS));
    }
}
