package kb.core.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import kb.core.Formats;

/**
 * Every setting of the pipeline, declared once: each service and the {@code kb} command read them through
 * {@link Settings#get(Setting)}, and docs/configuration.md is checked against this list by a test.
 */
public final class KbSettings {

    private KbSettings() {}

    // Every service: where the others are.
    public static final Setting<String> KAFKA_BOOTSTRAP =
            Setting.text("KB_KAFKA_BOOTSTRAP", "localhost:9092", "Kafka bootstrap servers");
    public static final Setting<String> TOPIC_PREFIX = Setting.text("KB_TOPIC_PREFIX", "kb.", "topic name prefix");
    public static final Setting<Integer> TOPIC_PARTITIONS = Setting.whole(
                    "KB_TOPIC_PARTITIONS", 1, "partitions of the topics a service creates")
            .requiring(n -> n >= 1, "at least 1");
    public static final Setting<OptionalInt> TOPIC_REPLICATION = Setting.optionalWhole(
                    "KB_TOPIC_REPLICATION", "replicas of the topics a service creates (unset: from the cluster's size)")
            .requiring(
                    n -> n.isEmpty() || (n.getAsInt() >= 1 && n.getAsInt() <= Short.MAX_VALUE), "between 1 and 32767");
    public static final Setting<String> ES_URL =
            Setting.text("KB_ES_URL", "http://localhost:9200", "Elasticsearch URL(s), comma-separated");
    public static final Setting<String> INDEX_PREFIX = Setting.text("KB_INDEX_PREFIX", "kb", "index name prefix");
    public static final Setting<OptionalInt> METRICS_PORT = Setting.optionalWhole(
            "KB_METRICS_PORT", "/metrics and /health of a stage run on its own (unset: the stage's own port)");

    // The folder and its collection.
    public static final Setting<Path> BASE_DIR =
            Setting.path("KB_BASE_DIR", Path.of("knowledge_base"), "the knowledge-base folder");
    public static final Setting<String> COLLECTION =
            Setting.text("KB_COLLECTION", null, "the folder's collection name (unset: the folder's name)");
    public static final Setting<List<String>> COLLECTIONS =
            Setting.list("KB_COLLECTIONS", List.of(), "every collection's folder, name=folder, for uploads");

    // The ingest producer.
    public static final Setting<List<String>> IMPORT_EXTENSIONS =
            Setting.list("KB_IMPORT_EXTENSIONS", Formats.DEFAULT_EXTENSIONS, "formats ingested");
    public static final Setting<List<String>> IMPORT_EXCLUDE = Setting.list(
            "KB_IMPORT_EXCLUDE",
            List.of(
                    "**/node_modules/**",
                    "**/__pycache__/**",
                    "**/venv/**",
                    "**/.venv/**",
                    "**/build/**",
                    "**/dist/**",
                    "**/target/**",
                    "**/vendor/**"),
            "globs never ingested");
    public static final Setting<Long> MAX_FILE_BYTES = Setting.longWhole(
                    "KB_MAX_FILE_BYTES", 1024 * 1024, "larger text files (and extracted text) are dead-lettered")
            .requiring(n -> n > 0, "positive");
    public static final Setting<Long> MAX_DOCUMENT_BYTES = Setting.longWhole(
                    "KB_MAX_DOCUMENT_BYTES", 64L * 1024 * 1024, "larger PDF/Office/... files are not opened")
            .requiring(n -> n > 0, "positive");
    public static final Setting<Duration> EXTRACT_TIMEOUT =
            Setting.duration("KB_EXTRACT_TIMEOUT", Duration.ofSeconds(60), "one document's extraction at most");
    public static final Setting<Integer> EXTRACT_HEAP_MB = Setting.whole(
                    "KB_EXTRACT_HEAP_MB", 512, "heap of the extractor process")
            .requiring(n -> n >= 64, "at least 64");
    public static final Setting<String> EXTRACT_OCR = Setting.text(
                    "KB_EXTRACT_OCR", "auto", "read PDF pages without a text layer with Tesseract: auto, true or false")
            .requiring(
                    v -> v.equalsIgnoreCase("auto") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false"),
                    "auto, true or false");
    public static final Setting<Path> PAGE_LAYOUT_DIR = Setting.path(
            "KB_PAGE_LAYOUT_DIR",
            Path.of(System.getProperty("java.io.tmpdir"), "kb-page-layout"),
            "where the producer keeps PDF pages' line boxes for the API's page view");
    public static final Setting<String> PRODUCER_STATE_DIR = Setting.text(
            "KB_PRODUCER_STATE_DIR",
            null,
            "where the producer keeps its folder's stamps, so a restart reads only changed files");
    public static final Setting<Duration> DEBOUNCE =
            Setting.duration("KB_DEBOUNCE", Duration.ofMillis(150), "quiet time before a changed file is read");
    public static final Setting<Duration> PUBLISH_TIMEOUT = Setting.duration(
                    "KB_PUBLISH_TIMEOUT", Duration.ofMinutes(2), "a send to the broker fails after this; it is retried")
            .requiring(d -> d.toMillis() >= 1000, "at least 1 s");
    public static final Setting<Duration> RECONCILE_PERIOD = Setting.duration(
                    "KB_RECONCILE_PERIOD",
                    Duration.ofMinutes(5),
                    "how often the folder is compared with what was published")
            .requiring(d -> d.toMillis() >= 1000, "at least 1 s");

    // The chunker.
    public static final Setting<String> CHUNKER_APP_ID =
            Setting.text("KB_CHUNKER_APP_ID", "kb-chunker", "Kafka Streams application id");
    public static final Setting<Integer> MAX_CHUNK_CHARS = Setting.whole(
                    "KB_MAX_CHUNK_CHARS",
                    1200,
                    "cap on a chunk's text (a PDF's may run a fifth past it to end a sentence)")
            .requiring(n -> n >= 100, "at least 100");
    public static final Setting<Integer> MAX_CHUNKS_PER_DOCUMENT = Setting.whole(
                    "KB_MAX_CHUNKS_PER_DOCUMENT", 2000, "chunks indexed per document")
            .requiring(n -> n >= 1, "at least 1");
    public static final Setting<Path> STREAMS_STATE_DIR = Setting.path(
            "KB_STREAMS_STATE_DIR",
            Path.of(System.getProperty("java.io.tmpdir"), "kb-streams"),
            "Kafka Streams state folder");

    // The indexer sink.
    public static final Setting<String> SINK_GROUP = Setting.text("KB_SINK_GROUP", "kb-indexer", "consumer group");
    public static final Setting<Integer> SINK_BATCH =
            Setting.whole("KB_SINK_BATCH", 256, "records per poll").requiring(n -> n >= 1, "at least 1");
    public static final Setting<Integer> SINK_BATCH_CHUNKS = Setting.whole(
                    "KB_SINK_BATCH_CHUNKS", 128, "chunks per write and commit")
            .requiring(n -> n >= 1, "at least 1");
    public static final Setting<Integer> SINK_LARGE_DOCUMENT_CHUNKS = Setting.whole(
                    "KB_SINK_LARGE_DOCUMENT_CHUNKS", 256, "a document of more chunks is written on a lane of its own")
            .requiring(n -> n >= 1, "at least 1");
    public static final Setting<Integer> SINK_VECTOR_SLICE = Setting.whole(
                    "KB_SINK_VECTOR_SLICE", 32, "chunks per round of the vector pass")
            .requiring(n -> n >= 1, "at least 1");
    public static final Setting<Duration> SINK_MAX_BACKOFF = Setting.duration(
            "KB_SINK_MAX_BACKOFF", Duration.ofSeconds(30), "cap of the retry backoff while Elasticsearch is down");
    public static final Setting<Boolean> FORCE_REINDEX =
            Setting.flag("KB_FORCE_REINDEX", false, "build a new index version from the topic at start");
    public static final Setting<Integer> ES_SHARDS = Setting.whole(
                    "KB_ES_SHARDS", 1, "primary shards of each new index version")
            .requiring(n -> n >= 1, "at least 1");
    public static final Setting<Integer> ES_REPLICAS = Setting.whole(
                    "KB_ES_REPLICAS", 0, "replicas of each new index version")
            .requiring(n -> n >= 0, "at least 0");
    public static final Setting<String> VECTOR_INDEX =
            Setting.text("KB_VECTOR_INDEX", "flat", "how Elasticsearch indexes the vectors: flat or hnsw");
    public static final Setting<String> EMBEDDING_MODEL =
            Setting.text("KB_EMBEDDING_MODEL", "by-language", "the embedding model(s)");

    // The query API.
    public static final Setting<Integer> API_PORT =
            Setting.whole("KB_API_PORT", 8080, "HTTP port").requiring(n -> n >= 0 && n <= 65535, "0-65535");
    public static final Setting<String> API_HOST =
            Setting.text("KB_API_HOST", "127.0.0.1", "interface the API binds to");
    public static final Setting<String> API_TOKEN =
            Setting.text("KB_API_TOKEN", null, "bearer token required for upload, delete and reindex");
    public static final Setting<List<String>> API_ALLOWED_ORIGINS = Setting.list(
            "KB_API_ALLOWED_ORIGINS", List.of(), "browser origins besides the API's own that may write and use /mcp");
    public static final Setting<String> API_BASE_PATH = Setting.text(
                    "KB_API_BASE_PATH", null, "path a gateway serves the API under, e.g. /kb (X-Forwarded-Prefix wins)")
            .requiring(PathPrefix::isValid, PathPrefix.RULE);
    public static final Setting<Duration> WRITE_WAIT = Setting.duration(
            "KB_WRITE_WAIT", Duration.ofSeconds(30), "a write with wait (save_note, upload wait=true) waits at most");
    public static final Setting<Integer> BM25_WINDOW =
            Setting.whole("KB_BM25_WINDOW", 30, "chunks taken from BM25").requiring(n -> n >= 1, "at least 1");
    public static final Setting<Integer> KNN_WINDOW =
            Setting.whole("KB_KNN_WINDOW", 30, "chunks taken from kNN").requiring(n -> n >= 1, "at least 1");
    public static final Setting<Integer> KNN_CANDIDATES =
            Setting.whole("KB_KNN_CANDIDATES", 100, "HNSW candidates per shard").requiring(n -> n >= 1, "at least 1");
    public static final Setting<Double> KNN_OVERSAMPLE = Setting.decimal(
                    "KB_KNN_OVERSAMPLE", 2, "re-rank k times this many neighbours by their float vectors")
            .requiring(x -> x == 0 || x >= 1, "0 or at least 1");
    public static final Setting<Integer> RRF_K =
            Setting.whole("KB_RRF_K", 10, "RRF constant").requiring(n -> n >= 1, "at least 1");
    public static final Setting<Double> RRF_BM25_WEIGHT =
            Setting.decimal("KB_RRF_BM25_WEIGHT", 0.3, "BM25 arm's fusion weight");
    public static final Setting<Double> RRF_VECTOR_WEIGHT =
            Setting.decimal("KB_RRF_VECTOR_WEIGHT", 1.0, "vector arm's fusion weight");
    public static final Setting<Double> RRF_CJK_BM25_WEIGHT =
            Setting.decimal("KB_RRF_CJK_BM25_WEIGHT", 1.0, "BM25 weight for a question mostly in CJK script");
    public static final Setting<Double> RRF_CROSS_VECTOR_WEIGHT = Setting.decimal(
            "KB_RRF_CROSS_VECTOR_WEIGHT", 1.0, "weight of the Chinese vector field for a question without CJK");
    public static final Setting<Double> RRF_L0_WEIGHT =
            Setting.decimal("KB_RRF_L0_WEIGHT", 2.0, "L0 arm's weight for a specific keyword");
    public static final Setting<Double> RRF_GENERIC_L0_WEIGHT =
            Setting.decimal("KB_RRF_GENERIC_L0_WEIGHT", 0.1, "L0 arm's weight for generic keywords only");
    public static final Setting<Double> RRF_RARE_BM25_WEIGHT =
            Setting.decimal("KB_RRF_RARE_BM25_WEIGHT", 1.0, "BM25 arm's weight when the question holds a rare term");
    public static final Setting<String> FUSION = Setting.text(
                    "KB_FUSION", "evidence", "evidence (a document's scores weighed), rrf, or convex")
            .requiring(
                    v -> Set.of("evidence", "rrf", "convex").contains(v.toLowerCase(Locale.ROOT)),
                    "evidence, rrf or convex");
    public static final Setting<Double> EVIDENCE_LEXICAL_WEIGHT = Setting.decimal(
            "KB_EVIDENCE_LEXICAL_WEIGHT", 2.7, "evidence fusion: weight of a document's BM25 score over the best");
    public static final Setting<Double> EVIDENCE_MEANING_WEIGHT = Setting.decimal(
            "KB_EVIDENCE_MEANING_WEIGHT", 3.1, "evidence fusion: weight of each 0.1 of cosine below the best");
    public static final Setting<Double> EVIDENCE_KEYWORD_WEIGHT =
            Setting.decimal("KB_EVIDENCE_KEYWORD_WEIGHT", 0.5, "evidence fusion: weight of a keyword (L0) match");
    public static final Setting<Double> EVIDENCE_SPECIFIC_KEYWORD_WEIGHT = Setting.decimal(
            "KB_EVIDENCE_SPECIFIC_KEYWORD_WEIGHT", 2.0, "evidence fusion: what a specific keyword adds");
    public static final Setting<Double> EVIDENCE_TITLE_WEIGHT = Setting.decimal(
            "KB_EVIDENCE_TITLE_WEIGHT", 0.5, "evidence fusion: weight of the question's share of words in the title");
    public static final Setting<Double> EVIDENCE_CROSS_MEANING_SHARE = Setting.decimal(
                    "KB_EVIDENCE_CROSS_MEANING_SHARE",
                    0.5,
                    "evidence fusion: the meaning weight's share for the other script's model (English question, Chinese page)")
            .requiring(v -> v >= 0 && v <= 1, "between 0 and 1");
    public static final Setting<Double> EVIDENCE_CHUNK_EXPONENT = Setting.decimal(
                    "KB_EVIDENCE_CHUNK_EXPONENT",
                    0.3,
                    "evidence fusion: how far lexical rises and meaning falls with the corpus's chunks per document; 0: not at all")
            .requiring(v -> v >= 0 && v <= 2, "between 0 and 2");
    public static final Setting<Double> CONVEX_ALPHA = Setting.decimal(
                    "KB_CONVEX_ALPHA", 0.3, "BM25's share in the convex fusion")
            .requiring(x -> x >= 0 && x <= 1, "between 0 and 1");
    public static final Setting<Double> BM25_TITLE_BOOST =
            Setting.decimal("KB_BM25_TITLE_BOOST", 0, "above 0, BM25 also matches titles with this boost");
    public static final Setting<Integer> FUSION_PSEUDO_QUESTIONS = Setting.whole(
                    "KB_FUSION_PSEUDO_QUESTIONS", 0, "above 0, fusion weights fitted on this many pseudo-questions")
            .requiring(n -> n >= 0, "0 or more");
    public static final Setting<OptionalDouble> GATE_MIN_COSINE =
            Setting.optionalDecimal("KB_GATE_MIN_COSINE", "a fixed honesty-gate threshold (unset: calibrated)");
    public static final Setting<Duration> GATE_CALIBRATION_PERIOD = Setting.duration(
            "KB_GATE_CALIBRATION_PERIOD", Duration.ofSeconds(30), "how often the gate looks for corpus changes");
    public static final Setting<Duration> ES_QUERY_CONNECT_TIMEOUT = Setting.duration(
            "KB_ES_QUERY_CONNECT_TIMEOUT", Duration.ofSeconds(1), "the query path's Elasticsearch connect timeout");
    public static final Setting<Duration> ES_QUERY_TIMEOUT = Setting.duration(
            "KB_ES_QUERY_TIMEOUT", Duration.ofSeconds(3), "the query path's Elasticsearch socket timeout");

    // The kb command.
    public static final Setting<Path> DATA_DIR = Setting.path(
            "KB_DATA_DIR",
            Path.of(System.getProperty("user.home"), ".kb-pipeline"),
            "kb up's data folder (broker log, Elasticsearch data, Streams state)");
    public static final Setting<Long> DISK_MIN_FREE_MB = Setting.longWhole(
                    "KB_DISK_MIN_FREE_MB", 256, "below this much free space the pipeline stops writing")
            .requiring(n -> n >= 0, "0 or more");
    public static final Setting<List<String>> DISK_WATCH =
            Setting.list("KB_DISK_WATCH", List.of(), "folders whose free space is watched besides the Streams state");
    public static final Setting<String> CACHE_DIR =
            Setting.text("KB_CACHE_DIR", null, "where kb keeps the unpacked Elasticsearch distribution");
    public static final Setting<String> ES_JAVA_OPTS =
            Setting.text("KB_ES_JAVA_OPTS", "-XX:TieredStopAtLevel=1", "options of the embedded Elasticsearch's JVM");
    /** Read by the {@code kb} script, before any JVM starts; declared for the reference. */
    public static final Setting<String> JAVA_OPTS =
            Setting.text("KB_JAVA_OPTS", "-Xmx2g -XX:TieredStopAtLevel=1", "options of the kb JVM");

    public static final Setting<String> LOG_FORMAT = Setting.text(
                    "KB_LOG_FORMAT", "plain", "log lines: plain (ISO-8601 dated text) or json (one object a line)")
            .requiring(v -> Set.of("plain", "json").contains(v.toLowerCase(Locale.ROOT)), "plain or json");

    /** Every declaration, in the order of the configuration reference. */
    public static final List<Setting<?>> ALL = List.of(
            KAFKA_BOOTSTRAP,
            TOPIC_PREFIX,
            TOPIC_PARTITIONS,
            TOPIC_REPLICATION,
            ES_URL,
            INDEX_PREFIX,
            METRICS_PORT,
            BASE_DIR,
            COLLECTION,
            COLLECTIONS,
            IMPORT_EXTENSIONS,
            IMPORT_EXCLUDE,
            MAX_FILE_BYTES,
            MAX_DOCUMENT_BYTES,
            EXTRACT_TIMEOUT,
            EXTRACT_HEAP_MB,
            EXTRACT_OCR,
            PAGE_LAYOUT_DIR,
            PRODUCER_STATE_DIR,
            DEBOUNCE,
            PUBLISH_TIMEOUT,
            RECONCILE_PERIOD,
            CHUNKER_APP_ID,
            MAX_CHUNK_CHARS,
            MAX_CHUNKS_PER_DOCUMENT,
            STREAMS_STATE_DIR,
            SINK_GROUP,
            SINK_BATCH,
            SINK_BATCH_CHUNKS,
            SINK_LARGE_DOCUMENT_CHUNKS,
            SINK_VECTOR_SLICE,
            SINK_MAX_BACKOFF,
            FORCE_REINDEX,
            ES_SHARDS,
            ES_REPLICAS,
            VECTOR_INDEX,
            EMBEDDING_MODEL,
            API_PORT,
            API_HOST,
            API_TOKEN,
            API_ALLOWED_ORIGINS,
            API_BASE_PATH,
            WRITE_WAIT,
            BM25_WINDOW,
            KNN_WINDOW,
            KNN_CANDIDATES,
            KNN_OVERSAMPLE,
            RRF_K,
            RRF_BM25_WEIGHT,
            RRF_VECTOR_WEIGHT,
            RRF_CJK_BM25_WEIGHT,
            RRF_CROSS_VECTOR_WEIGHT,
            RRF_L0_WEIGHT,
            RRF_GENERIC_L0_WEIGHT,
            RRF_RARE_BM25_WEIGHT,
            FUSION,
            EVIDENCE_LEXICAL_WEIGHT,
            EVIDENCE_MEANING_WEIGHT,
            EVIDENCE_KEYWORD_WEIGHT,
            EVIDENCE_SPECIFIC_KEYWORD_WEIGHT,
            EVIDENCE_TITLE_WEIGHT,
            EVIDENCE_CROSS_MEANING_SHARE,
            EVIDENCE_CHUNK_EXPONENT,
            CONVEX_ALPHA,
            BM25_TITLE_BOOST,
            FUSION_PSEUDO_QUESTIONS,
            GATE_MIN_COSINE,
            GATE_CALIBRATION_PERIOD,
            ES_QUERY_CONNECT_TIMEOUT,
            ES_QUERY_TIMEOUT,
            DATA_DIR,
            DISK_MIN_FREE_MB,
            DISK_WATCH,
            CACHE_DIR,
            ES_JAVA_OPTS,
            JAVA_OPTS,
            LOG_FORMAT);
}
