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
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import kb.core.Json;
import kb.core.Metrics;
import kb.core.Settings;
import kb.core.embed.EmbeddingModelSpec;
import kb.core.embed.OnnxEmbedder;

/**
 * A whole pipeline for a command (eval, bench): its own infrastructure in a data folder (or external
 * Kafka and Elasticsearch), the four services over a knowledge-base folder, and an HTTP client for its API.
 */
public final class PipelineRun implements AutoCloseable, kb.local.eval.ScenarioEval.Api {

    private final Infrastructure infrastructure;
    private final LocalPipeline pipeline;
    private final PrometheusMeterRegistry registry;
    private final HttpClient http = HttpClient.newHttpClient();

    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private final Thread shutdownHook = new Thread(this::close, "kb-run-shutdown");

    private PipelineRun(Infrastructure infrastructure, LocalPipeline pipeline, PrometheusMeterRegistry registry) {
        this.infrastructure = infrastructure;
        this.pipeline = pipeline;
        this.registry = registry;
        // Ctrl-C or SIGTERM during a long eval or bench must not leave Elasticsearch running.
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    public static PipelineRun start(Path kbDir, Path dataDir, String kafka, String elasticsearch,
                                    Map<String, String> extra) throws Exception {
        Infrastructure infra = Infrastructure.start(dataDir, kafka, elasticsearch);
        Thread stopInfra = new Thread(infra::close, "kb-run-start-shutdown");
        Runtime.getRuntime().addShutdownHook(stopInfra);
        try {
            Settings settings = Settings.fromEnvironment().with(Map.of(
                    "KB_KAFKA_BOOTSTRAP", infra.bootstrapServers(),
                    "KB_ES_URL", infra.elasticsearchUrl(),
                    "KB_BASE_DIR", kbDir.toString(),
                    "KB_API_PORT", "0",
                    "KB_STREAMS_STATE_DIR", dataDir.resolve("streams").toString())).with(extra);
            PrometheusMeterRegistry registry = Metrics.newRegistry();
            EmbeddingModelSpec model = EmbeddingModelSpec.byId(
                    settings.string("KB_EMBEDDING_MODEL", EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.id()));
            PipelineRun run = new PipelineRun(infra, LocalPipeline.start(settings, new OnnxEmbedder(model), registry), registry);
            Runtime.getRuntime().removeShutdownHook(stopInfra);
            return run;
        } catch (Exception | Error e) {
            Runtime.getRuntime().removeShutdownHook(stopInfra);
            infra.close();
            throw e;
        }
    }

    public Infrastructure infrastructure() {
        return infrastructure;
    }

    public LocalPipeline pipeline() {
        return pipeline;
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    @Override
    public JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + pipeline.port() + pathAndQuery)).build();
        return Json.MAPPER.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
    }

    @Override
    public JsonNode search(String query, String extraParams) throws IOException, InterruptedException {
        return get("/api/v1/search?q=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + extraParams);
    }

    /** Waits until the index holds exactly this many documents and all their chunks are searchable. */
    public void awaitIndexed(long documents, Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        Instant nextReport = Instant.now().plusSeconds(15);
        while (true) {
            JsonNode status = get("/api/v1/status");
            long docs = status.get("documents").asLong();
            if (docs == documents && status.get("chunks").asLong() == status.get("chunksExpected").asLong()) {
                return;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("not caught up within " + timeout + ": " + status);
            }
            if (Instant.now().isAfter(nextReport)) {
                System.out.printf("kb: indexed %d/%d documents, %d chunks%n", docs, documents, status.get("chunks").asLong());
                nextReport = Instant.now().plusSeconds(15);
            }
            Thread.sleep(250); // polling an HTTP status: a command, not a test
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        pipeline.close();
        infrastructure.close();
        if (Thread.currentThread() != shutdownHook) {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
    }
}
