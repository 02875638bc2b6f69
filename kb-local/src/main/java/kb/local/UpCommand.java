package kb.local;

import java.io.IOException;
import java.net.BindException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import kb.core.runtime.Metrics;
import kb.core.runtime.Shutdown;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.infra.DataFolderLock;
import kb.infra.Infrastructure;
import kb.infra.StartRefused;
import kb.local.verify.Endpoints;
import kb.query.api.WriteGuard;
import kb.search.embed.Embeddings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;

/**
 * {@code kb up}: the whole pipeline in this JVM over a folder: the embedded broker and Elasticsearch (unless
 * pointed at external ones) and the four services, until the process is stopped.
 */
@Command(
        name = "up",
        description = {
            "Start the whole pipeline in this JVM over one or more folders and serve the API until stopped.",
            "Without --kafka and --es: KB_KAFKA_BOOTSTRAP and KB_ES_URL, else the embedded broker and Elasticsearch."
        })
public final class UpCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(UpCommand.class);

    @Mixin
    UpFlags flags = new UpFlags();

    private final Map<String, String> env;

    /** @param env the settings the options fall back on (the process's environment) */
    public UpCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    @Override
    public Integer call() throws Exception {
        UpConfig config = UpConfig.resolve(flags, env);
        Settings settings = config.layers().settings();
        LogFormat.apply(settings.get(KbSettings.LOG_FORMAT));
        LogFormat.bridgeJul();
        config.layers().inForce(); // every value checked by its declaration before anything starts
        config.files().forEach(file -> System.out.println("kb: settings from " + file));
        return up(config.options(), settings);
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
     * The holding server on the API's port; the lock then advertises the port it got (0: any free one). A port taken
     * since {@link StartupChecks#apiPort} looked is refused as that check refuses it.
     */
    private static HoldingServer holding(UpOptions options, DataFolderLock lock) throws IOException {
        try {
            HoldingServer holding;
            try {
                holding = HoldingServer.open(options.host(), options.port());
            } catch (BindException e) {
                throw new StartRefused(
                        "port " + options.port() + " on " + options.host() + " is in use (" + e.getMessage()
                                + "): stop what listens there or choose another with --port",
                        e);
            }
            String apiHost = WriteGuard.isLoopback(options.host()) ? "localhost" : options.host();
            lock.advertise("http://" + apiHost + ":" + holding.port());
            return holding;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** The process's environment with the embedded Elasticsearch's settings as resolved (file, environment, flags). */
    private static Map<String, String> elasticsearchLaunch(Settings configured) {
        Map<String, String> launch = new HashMap<>(System.getenv());
        launch.put(KbSettings.ES_JAVA_OPTS.name(), configured.get(KbSettings.ES_JAVA_OPTS));
        String cache = configured.get(KbSettings.CACHE_DIR);
        if (cache != null) {
            launch.put(KbSettings.CACHE_DIR.name(), cache);
        }
        return launch;
    }

    /** The infrastructure started, and the stages that need only the broker begun while Elasticsearch booted. */
    private record Begun(Infrastructure infra, LocalPipeline pipeline, Shutdown.Registration stopOnExit) {}

    /**
     * Starts the broker and Elasticsearch; in between, the pipeline's broker-only stages and the query API, which
     * answers from L0 while Elasticsearch boots (most of a restart). A stop meanwhile closes them, a failure closes
     * them and the holding server.
     */
    private static Begun begin(
            UpOptions options,
            DataFolderLock lock,
            Settings configured,
            Settings settings,
            UpStart started,
            HoldingServer holding)
            throws Exception {
        AtomicReference<LocalPipeline> begun = new AtomicReference<>();
        Runnable closeBegun = () -> {
            if (begun.get() != null) {
                begun.get().close();
            }
        };
        Shutdown.Registration stopOnExit = Shutdown.onExit("kb start", closeBegun::run);
        try {
            Infrastructure infra = Infrastructure.start(
                    lock,
                    options.kafka(),
                    options.elasticsearch(),
                    configured.get(KbSettings.DISK_MIN_FREE_MB) * 1024 * 1024,
                    elasticsearchLaunch(configured),
                    broker -> {
                        Settings early = settings.with(broker.settings());
                        begun.set(LocalPipeline.begin(early, started.registry()));
                        begun.get().answer(early, started.embeddings(), holding, broker.indexKept());
                        if (begun.get().isReady()) {
                            started.readyBeforeElasticsearch(begun.get().port());
                        }
                    });
            return new Begun(infra, begun.get(), stopOnExit);
        } catch (Exception | Error e) {
            stopOnExit.cancel();
            closeBegun.run();
            holding.close();
            throw e;
        }
    }

    /**
     * Runs until the process is stopped (a signal: the shutdown hook closes everything) or Elasticsearch is lost
     * (status 1: a half-dead kb, API up and index gone, is worse than none, so a supervisor or the user notices).
     */
    private int up(UpOptions options, Settings configured) throws Exception {
        long start = System.nanoTime();
        for (CollectionFolder collection : options.collections()) {
            System.out.println("kb: collection '" + collection.name() + "': " + collection.folder());
        }
        System.out.println("kb: data " + options.dataDir());
        StartupChecks.dataFolder(options.dataDir());
        long minFree = configured.get(KbSettings.DISK_MIN_FREE_MB) * 1024 * 1024;
        DataFolderLock lock = checkedLock(options, minFree);
        // From here the port answers: live, and "starting" until the query API takes it over.
        HoldingServer holding = holding(options, lock);
        Settings settings = configured
                .with(LocalSettings.of(options.kbDir(), options.dataDir(), holding.port()))
                .with(Map.of(
                        KbSettings.COLLECTIONS.name(), CollectionFolder.setting(options.collections()),
                        KbSettings.API_HOST.name(), options.host()));
        String apiHost = WriteGuard.isLoopback(options.host()) ? "localhost" : options.host();
        UpStart started = new UpStart(
                start, apiHost, Metrics.newRegistry(), Embeddings.load(Embeddings.setting(settings)), System.out);
        Begun begun = begin(options, lock, configured, settings, started, holding);
        Infrastructure infra = begun.infra();
        CountDownLatch ended = new CountDownLatch(1);
        AtomicInteger status = new AtomicInteger(ExitCode.OK);
        LocalPipeline[] pipeline = {begun.pipeline()};
        ProgressReporter[] progress = new ProgressReporter[1];
        Shutdown.onExit("kb", () -> {
            holding.close();
            if (progress[0] != null) {
                progress[0].close();
            }
            if (pipeline[0] != null) {
                pipeline[0].close();
            }
            infra.close();
            ended.countDown();
        });
        begun.stopOnExit().cancel(); // the hook above closes it from here
        infra.onElasticsearchLost(message -> {
            System.err.println("kb: stopping: " + message);
            status.set(ExitCode.SOFTWARE);
            ended.countDown(); // main then exits with the status, and the shutdown hook closes the rest
        });
        // The broker given up after its restarts: answers keep coming from the index, nothing new is indexed.
        infra.onBrokerLost(reason -> {
            if (pipeline[0] != null) {
                pipeline[0].readOnly(reason);
            }
        });
        settings = settings.with(infra.settings());
        pipeline[0].finish(settings);
        new Endpoints(
                        infra.bootstrapServers(),
                        infra.elasticsearchUrl(),
                        "http://" + apiHost + ":" + pipeline[0].port())
                .write(options.dataDir());
        lock.advertise("http://" + apiHost + ":" + pipeline[0].port());
        started.elasticsearchAnswers(pipeline[0].port(), infra.startTimes());
        // A terminal gets a bar redrawn in place; a pipe or a CI log gets plain lines.
        progress[0] = ProgressReporter.start(
                pipeline[0]::indexing, System.out, System.console() != null, ProgressReporter.PERIOD);
        ended.await();
        return status.get();
    }
}
