package kb.local;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import kb.core.runtime.Metrics;
import kb.core.runtime.Shutdown;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.infra.Infrastructure;
import kb.ingest.PathFilter;
import kb.ingest.ProducerConfig;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.search.embed.Embeddings;

/**
 * A whole pipeline for a command (eval, bench): its own infrastructure in a data folder (or external
 * Kafka and Elasticsearch), the four services over a knowledge-base folder, and an HTTP client for its API.
 */
public final class PipelineRun implements AutoCloseable, ScenarioApi {

    /** No lag and no count moving for this long while awaiting a first ingest: whatever is missing is not coming. */
    private static final Duration STALL = Duration.ofSeconds(60);

    private final Infrastructure infrastructure;
    private final LocalPipeline pipeline;
    private final PrometheusMeterRegistry registry;
    private final Settings settings;
    private final HttpApi api;

    private final AtomicBoolean closed = new AtomicBoolean();
    private final Shutdown.Registration atExit;

    private PipelineRun(
            Infrastructure infrastructure,
            LocalPipeline pipeline,
            PrometheusMeterRegistry registry,
            Settings settings) {
        this.infrastructure = infrastructure;
        this.pipeline = pipeline;
        this.registry = registry;
        this.settings = settings;
        this.api = new HttpApi("http://localhost:" + pipeline.port());
        // Ctrl-C or SIGTERM during a long eval or bench must not leave Elasticsearch running.
        this.atExit = Shutdown.onExit("kb run", this);
    }

    public static PipelineRun start(
            Path kbDir, Path dataDir, String kafka, String elasticsearch, Map<String, String> extra) throws Exception {
        Settings base = Settings.fromEnvironment().with(LocalSettings.of(kbDir, dataDir, 0));
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        Embeddings embeddings = Embeddings.load(Embeddings.setting(base.with(extra)));
        // As kb up: what needs only the broker, and the API over L0, start while Elasticsearch boots.
        AtomicReference<LocalPipeline> begun = new AtomicReference<>();
        Infrastructure infra;
        try {
            infra = Infrastructure.start(dataDir, kafka, elasticsearch, broker -> {
                Settings early = base.with(broker.settings()).with(extra);
                begun.set(LocalPipeline.begin(early, registry));
                begun.get().answer(early, embeddings, null, broker.indexKept());
            });
        } catch (Exception | Error e) {
            if (begun.get() != null) {
                begun.get().close();
            }
            throw e;
        }
        Shutdown.Registration stopInfra = Shutdown.onExit("kb run start", begun.get(), infra);
        try {
            Settings settings = base.with(infra.settings()).with(extra);
            PipelineRun run = new PipelineRun(infra, begun.get().finish(settings), registry, settings);
            stopInfra.cancel();
            return run;
        } catch (Exception | Error e) {
            stopInfra.cancel();
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

    /** What {@code kb verify} needs to check this run's pipeline against one folder, once. */
    public VerifyCommand.Options verifyOptions(String collection, Path dir) {
        String bootstrap = infrastructure.bootstrapServers();
        return new VerifyCommand.Options(
                List.of(new Folder(collection, dir)),
                "http://localhost:" + pipeline.port(),
                bootstrap,
                infrastructure.elasticsearchUrl(),
                Duration.ZERO,
                new Settings(Map.of(KbSettings.KAFKA_BOOTSTRAP.name(), bootstrap)));
    }

    /** A non-2xx answer is an {@link HttpApi.ApiException}. */
    @Override
    public JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        return api.get(pathAndQuery);
    }

    @Override
    public JsonNode search(String query, String extraParams) throws IOException, InterruptedException {
        return api.search(query, extraParams);
    }

    /** The files of the knowledge-base folder the ingest producer takes (its extensions and excludes). */
    public long filesToIngest() throws IOException {
        ProducerConfig config = ProducerConfig.from(settings);
        PathFilter filter = new PathFilter(config.extensions(), config.excludes());
        Path base = config.baseDir();
        try (Stream<Path> files = Files.walk(base)) {
            return files.filter(Files::isRegularFile)
                    .map(f -> base.relativize(f).toString().replace('\\', '/'))
                    .filter(filter::acceptsFile)
                    .count();
        }
    }

    /** Waits until the index holds exactly this many documents and all their chunks are searchable and embedded. */
    public void awaitIndexed(long documents, Duration timeout) throws IOException, InterruptedException {
        await(documents, timeout, false, Until.SETTLED);
    }

    /**
     * Waits until the index holds exactly this many documents and every chunk has its vector, without waiting for the
     * gate and the fusion to be fitted again on the complete index (they look every period, not when the last vector
     * lands: the pipeline's own throughput must not include that wait).
     */
    public void awaitEmbedded(long documents, Duration timeout) throws IOException, InterruptedException {
        await(documents, timeout, false, Until.EMBEDDED);
    }

    /** Waits until the index holds exactly this many documents, every chunk searchable by its words (vectors may follow). */
    public void awaitLexical(long documents, Duration timeout) throws IOException, InterruptedException {
        await(documents, timeout, false, Until.LEXICAL);
    }

    /**
     * Waits until every one of {@code files} (a whole folder's first ingest) is indexed or dead-lettered. A file
     * that goes to the dead-letter topic never becomes a document, so this also accepts: no lag in either
     * stage, every listed document's chunks searchable, and documents plus dead letters at least the files.
     * When nothing moves for {@link #STALL} with no lag, it stops waiting and says what is missing rather than
     * hanging until the deadline.
     */
    public void awaitCaughtUp(long files, Duration timeout) throws IOException, InterruptedException {
        await(files, timeout, true, Until.SETTLED);
    }

    /** How far an await waits: every chunk searchable by its words, also by its vector, also ranked as it will be. */
    enum Until {
        LEXICAL,
        EMBEDDED,
        SETTLED;

        /** Whether the chunks of this status ({@code /api/v1/status}) are as far as this. */
        boolean chunksDone(JsonNode status) {
            return status.path("chunks").asLong()
                            == status.path("chunksExpected").asLong()
                    && (this == LEXICAL || status.path("chunksAwaitingVectors").asLong() == 0)
                    // the fusion and the gate fitted on the complete index: two runs rank alike
                    && (this != SETTLED || status.path("fusion").path("settled").asBoolean(true));
        }
    }

    private void await(long files, Duration timeout, boolean deadLettersCount, Until until)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        Instant nextReport = Instant.now().plusSeconds(15);
        String lastCounts = "";
        Instant lastChange = Instant.now();
        while (true) {
            JsonNode status = statusOrNull();
            if (status != null) {
                long docs = status.path("documents").asLong();
                long deadLetters = status.path("deadLetters").asLong();
                boolean chunksDone = until.chunksDone(status);
                boolean noLag = status.path("lag").path("chunker").asLong(-1) == 0
                        && status.path("lag").path("sink").asLong(-1) == 0;
                if (chunksDone
                        && (docs == files
                                || deadLettersCount && noLag && docs < files && docs + deadLetters >= files)) {
                    if (docs != files) {
                        System.out.printf("kb: %d/%d files indexed, %d dead letters%n", docs, files, deadLetters);
                    }
                    return;
                }
                // Vectors filling in are progress too: text is indexed long before the last vector is added.
                String counts = docs + "/" + status.path("chunks").asLong() + "/" + deadLetters + "/"
                        + status.path("chunksAwaitingVectors").asLong();
                if (!counts.equals(lastCounts) || !noLag) {
                    lastCounts = counts;
                    lastChange = Instant.now();
                } else if (deadLettersCount && Instant.now().isAfter(lastChange.plus(STALL))) {
                    System.out.printf(
                            "kb: WARNING: no progress for %s with no lag; going on with %d/%d files indexed, "
                                    + "%d dead letters: %s%n",
                            STALL, docs, files, deadLetters, status);
                    return;
                }
                if (Instant.now().isAfter(nextReport)) {
                    System.out.printf(
                            "kb: indexed %d/%d files, %d chunks of %d (%d await vectors), %d dead letters%n",
                            docs,
                            files,
                            status.path("chunks").asLong(),
                            status.path("chunksExpected").asLong(),
                            status.path("chunksAwaitingVectors").asLong(),
                            deadLetters);
                    nextReport = Instant.now().plusSeconds(15);
                }
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("not caught up within " + timeout + ": " + status);
            }
            // Polling an HTTP status: a command, not a test. Once a second: each status asks the broker and
            // Elasticsearch a dozen questions, and at 4 a second that took ~20 CPU-s from a 230 s bench ingest.
            Thread.sleep(1000);
        }
    }

    /** The status, or null while the API cannot give it yet (indexes being created, broker starting). */
    private JsonNode statusOrNull() throws InterruptedException {
        try {
            return get("/api/v1/status");
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        pipeline.close();
        infrastructure.close();
        atExit.cancel();
    }
}
