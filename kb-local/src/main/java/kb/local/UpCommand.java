package kb.local;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import kb.core.runtime.Metrics;
import kb.core.runtime.Shutdown;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.infra.DataFolderLock;
import kb.infra.Infrastructure;
import kb.query.api.WriteGuard;
import kb.search.embed.Embeddings;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Option;

/**
 * {@code kb up}: the whole pipeline in this JVM over a folder: the embedded broker and Elasticsearch (unless
 * pointed at external ones) and the four services, until the process is stopped.
 */
@Command(
        name = "up",
        description = "Start the whole pipeline in this JVM over one or more folders and serve the API until stopped.")
public final class UpCommand implements Callable<Integer> {

    static final String SETTINGS_FILE = "settings.properties";

    @Option(
            names = "--dir",
            paramLabel = "[NAME=]DIR",
            description = "Knowledge-base folder (default knowledge_base/, created when absent). Repeat it to watch"
                    + " several, each its own collection, named NAME or after the folder (env KB_BASE_DIR; KB_COLLECTION"
                    + " names a single one).")
    List<String> dirs = new ArrayList<>();

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "HTTP port of the API (default 8080, env KB_API_PORT).")
    Integer port;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description = "Interface of the API (default 127.0.0.1; another needs KB_API_TOKEN; env KB_API_HOST).")
    String host;

    @Option(
            names = "--data",
            paramLabel = "DATADIR",
            description =
                    "Where broker logs, Elasticsearch data and caches live (default ~/.kb-pipeline, env KB_DATA_DIR).")
    Path data;

    @Option(
            names = "--kafka",
            paramLabel = "BOOTSTRAP",
            description = "Use this Kafka instead of the embedded broker (env KB_KAFKA_BOOTSTRAP).")
    String kafka;

    @Option(
            names = "--es",
            paramLabel = "URL",
            description = "Use this Elasticsearch instead of the embedded one (env KB_ES_URL).")
    String elasticsearch;

    private final Map<String, String> env;

    /** @param env the settings the options fall back on (the process's environment) */
    public UpCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /** The options given, over the environment's; a bad combination throws {@link IllegalArgumentException}. */
    UpOptions options() {
        return UpOptions.of(dirs, port, data, kafka, elasticsearch, host, env);
    }

    @Override
    public Integer call() throws Exception {
        return up(options());
    }

    /**
     * The environment over {@code DATADIR/settings.properties} (KEY=VALUE lines, e.g. what {@code kb calibrate
     * --write} stored): settings that belong to one knowledge base travel with its data folder.
     */
    Settings settingsFor(Path dataDir) throws IOException {
        Map<String, String> values = new HashMap<>();
        Path file = dataDir.resolve(SETTINGS_FILE);
        if (Files.isRegularFile(file)) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file)) {
                properties.load(reader);
            }
            properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
            System.out.println("kb: settings from " + file + ": " + values.keySet());
        }
        values.putAll(env);
        return new Settings(values);
    }

    /**
     * The data folder's lock (a second kb on it is refused first: its message names the running one), then the
     * checks that need no service started; a refusal releases the lock and ends the command with status 2.
     */
    private static DataFolderLock checkedLock(UpOptions options, long minFreeBytes) throws IOException {
        DataFolderLock lock = DataFolderLock.acquire(options.dataDir());
        try {
            options.collections().forEach(StartupChecks::knowledgeFolder);
            StartupChecks.apiPort(options.host(), options.port());
            StartupChecks.freeSpace(options.dataDir(), minFreeBytes);
            String apiHost = WriteGuard.isLoopback(options.host()) ? "localhost" : options.host();
            lock.advertise("http://" + apiHost + ":" + options.port());
            return lock;
        } catch (RuntimeException | IOException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Runs until the process is stopped (a signal: the shutdown hook closes everything) or Elasticsearch is lost
     * (status 1: a half-dead kb, API up and index gone, is worse than none, so a supervisor or the user notices).
     */
    private int up(UpOptions options) throws Exception {
        long start = System.nanoTime();
        for (CollectionFolder collection : options.collections()) {
            System.out.println("kb: collection '" + collection.name() + "': " + collection.folder());
        }
        System.out.println("kb: data " + options.dataDir());
        StartupChecks.dataFolder(options.dataDir());
        Settings settings = settingsFor(options.dataDir())
                .with(LocalSettings.of(options.kbDir(), options.dataDir(), options.port()))
                .with(Map.of(
                        KbSettings.COLLECTIONS.name(), CollectionFolder.setting(options.collections()),
                        KbSettings.API_HOST.name(), options.host()));
        long minFree = settings.get(KbSettings.DISK_MIN_FREE_MB) * 1024 * 1024;
        DataFolderLock lock = checkedLock(options, minFree);
        Infrastructure infra = Infrastructure.start(lock, options.kafka(), options.elasticsearch(), minFree);
        CountDownLatch ended = new CountDownLatch(1);
        AtomicInteger status = new AtomicInteger(ExitCode.OK);
        LocalPipeline[] pipeline = new LocalPipeline[1];
        ProgressReporter[] progress = new ProgressReporter[1];
        Shutdown.onExit("kb", () -> {
            if (progress[0] != null) {
                progress[0].close();
            }
            if (pipeline[0] != null) {
                pipeline[0].close();
            }
            infra.close();
            ended.countDown();
        });
        infra.onElasticsearchLost(message -> {
            System.err.println("kb: stopping: " + message);
            status.set(ExitCode.SOFTWARE);
            ended.countDown(); // main then exits with the status, and the shutdown hook closes the rest
        });
        settings = settings.with(infra.settings());
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        pipeline[0] = LocalPipeline.start(settings, Embeddings.load(Embeddings.setting(settings)), registry);
        String apiHost = WriteGuard.isLoopback(options.host()) ? "localhost" : options.host();
        new Endpoints(
                        infra.bootstrapServers(),
                        infra.elasticsearchUrl(),
                        "http://" + apiHost + ":" + pipeline[0].port())
                .write(options.dataDir());
        lock.advertise("http://" + apiHost + ":" + pipeline[0].port());
        System.out.printf(
                "kb ready at http://%s:%d (started in %.1f s)%n",
                apiHost, pipeline[0].port(), (System.nanoTime() - start) / 1e9);
        // A terminal gets a bar redrawn in place; a pipe or a CI log gets plain lines.
        progress[0] = ProgressReporter.start(
                pipeline[0]::indexing, System.out, System.console() != null, ProgressReporter.PERIOD);
        ended.await();
        return status.get();
    }
}
