package kb.local;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import kb.core.Json;
import kb.core.runtime.Metrics;
import kb.core.settings.Settings;
import kb.testkit.SharedInfrastructure;

/**
 * A whole pipeline on the shared broker and Elasticsearch, isolated by a unique topic and index prefix,
 * over its own knowledge-base folder, with an HTTP client for its API.
 */
public final class PipelineHarness implements AutoCloseable, ScenarioApi {

    /** The collection of the harness's folder (its temporary name would make a new one each run). */
    static final String COLLECTION = "notes";

    private final String prefix = "t" + UUID.randomUUID().toString().substring(0, 8);
    private final HttpClient http = HttpClient.newHttpClient();
    private final Path kbDir;
    private final Path stateDir;
    private final Map<String, String> extraSettings = new HashMap<>();
    private LocalPipeline pipeline;
    private PrometheusMeterRegistry registry;
    private String elasticsearchUrl;
    private kb.search.embed.Embedder embedder;

    public PipelineHarness() throws IOException {
        this.kbDir = Files.createTempDirectory("kb-it-notes-");
        this.stateDir = Files.createTempDirectory("kb-it-state-");
    }

    /** Runs this pipeline on another Elasticsearch than the shared one. */
    PipelineHarness onElasticsearch(String url) {
        this.elasticsearchUrl = url;
        return this;
    }

    PrometheusMeterRegistry registry() {
        return registry;
    }

    LocalPipeline pipeline() {
        return pipeline;
    }

    /** Embeddings computed by the sink so far. */
    double embeddingsComputed() {
        return registry.counter("kb_sink_embeddings_total", "source", "computed")
                .count();
    }

    public Path kbDir() {
        return kbDir;
    }

    /** The sink and the API use this model instead of the shared one. */
    PipelineHarness withEmbedder(kb.search.embed.Embedder model) {
        this.embedder = model;
        return this;
    }

    PipelineHarness with(String name, String value) {
        extraSettings.put(name, value);
        return this;
    }

    public PipelineHarness start() throws Exception {
        registry = Metrics.newRegistry();
        pipeline = LocalPipeline.start(settings(elasticsearchUrl()), embeddings(), registry);
        return this;
    }

    /**
     * Starts as {@code kb up} restarts while Elasticsearch still boots: the broker's stages and the API, ready from L0
     * ({@link LocalPipeline#answer} with a kept index), its Elasticsearch client pointed at a port nothing listens on;
     * {@link #finishWithElasticsearch()} gives it the real one.
     */
    PipelineHarness startBeforeElasticsearch(String unboundUrl) throws Exception {
        registry = Metrics.newRegistry();
        Settings early = settings(unboundUrl);
        pipeline = LocalPipeline.begin(early, registry).answer(early, embeddings(), null, true);
        return this;
    }

    /** Elasticsearch answers: the sink and the query API's background work start on its real address. */
    PipelineHarness finishWithElasticsearch() throws Exception {
        pipeline.finish(settings(elasticsearchUrl()));
        return this;
    }

    private String elasticsearchUrl() throws Exception {
        return elasticsearchUrl == null ? SharedInfrastructure.get().elasticsearchUrl() : elasticsearchUrl;
    }

    private Settings settings(String elasticsearch) throws Exception {
        Map<String, String> values = new HashMap<>(Map.of(
                "KB_KAFKA_BOOTSTRAP",
                SharedInfrastructure.get().bootstrapServers(),
                "KB_ES_URL",
                elasticsearch,
                "KB_BASE_DIR",
                kbDir.toString(),
                "KB_API_PORT",
                "0",
                "KB_TOPIC_PREFIX",
                prefix + ".",
                "KB_INDEX_PREFIX",
                prefix,
                "KB_CHUNKER_APP_ID",
                prefix + "-chunker",
                "KB_SINK_GROUP",
                prefix + "-indexer",
                "KB_STREAMS_STATE_DIR",
                stateDir.toString(),
                "KB_DEBOUNCE",
                "100"));
        values.put("KB_COLLECTION", COLLECTION);
        values.putAll(extraSettings);
        return new Settings(values);
    }

    private kb.search.embed.Embeddings embeddings() {
        String modelId = extraSettings.get("KB_EMBEDDING_MODEL");
        return embedder != null
                ? kb.search.embed.Embeddings.single(embedder)
                : modelId == null ? SharedInfrastructure.embeddings() : kb.search.embed.Embeddings.load(modelId);
    }

    Path write(String relativePath, String content) throws IOException {
        Path file = kbDir.resolve(relativePath);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    void delete(String relativePath) throws IOException {
        Files.delete(kbDir.resolve(relativePath));
    }

    String prefix() {
        return prefix;
    }

    int port() {
        return pipeline.port();
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://localhost:" + pipeline.port() + pathAndQuery);
    }

    JsonNode lookup(String query) throws IOException, InterruptedException {
        return getJson("/api/v1/lookup?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    }

    @Override
    public JsonNode search(String query, String extraParams) throws IOException, InterruptedException {
        return getJson("/api/v1/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + extraParams);
    }

    @Override
    public JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        return getJson(pathAndQuery);
    }

    JsonNode search(String query) throws IOException, InterruptedException {
        return getJson("/api/v1/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    }

    HttpResponse<String> request(String pathAndQuery) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + pipeline.port() + pathAndQuery))
                .GET()
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    JsonNode getJson(String pathAndQuery) throws IOException, InterruptedException {
        return Json.MAPPER.readTree(request(pathAndQuery).body());
    }

    /** Paths of the results, best first. */
    static java.util.List<String> paths(JsonNode response) {
        java.util.List<String> paths = new java.util.ArrayList<>();
        response.get("results").forEach(r -> paths.add(r.get("path").asText()));
        return paths;
    }

    /** True when any returned chunk shows this text. */
    static boolean anyChunkContains(JsonNode response, String text) {
        for (JsonNode result : response.get("results")) {
            for (JsonNode chunk : result.get("chunks")) {
                if (chunk.get("text").asText().contains(text)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Stops the stages (the shared broker and Elasticsearch keep running); {@link #start()} resumes. */
    void stop() {
        if (pipeline != null) {
            pipeline.close();
            pipeline = null;
        }
    }

    /** Paths of every indexed document, from the document listing. */
    java.util.List<String> documentPaths() throws IOException, InterruptedException {
        java.util.List<String> paths = new java.util.ArrayList<>();
        getJson("/api/v1/documents?size=1000")
                .get("documents")
                .forEach(d -> paths.add(d.get("path").asText()));
        return paths;
    }

    /**
     * True when exactly these documents are listed and every one of their chunks is searchable, vectors
     * included (the chunk and document indexes refresh independently, so the listing alone is not enough).
     */
    public boolean indexed(java.util.List<String> expectedPaths) throws IOException, InterruptedException {
        JsonNode listing = getJson("/api/v1/documents?size=1000");
        java.util.List<String> paths = new java.util.ArrayList<>();
        long chunks = 0;
        for (JsonNode d : listing.get("documents")) {
            paths.add(d.get("path").asText());
            chunks += d.get("chunkCount").asLong();
        }
        JsonNode status = getJson("/api/v1/status");
        return paths.equals(expectedPaths)
                && status.get("chunks").asLong() == chunks
                && status.path("chunksAwaitingVectors").asLong() == 0;
    }

    @Override
    public void close() {
        stop();
    }
}
