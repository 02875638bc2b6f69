package kb.infra;

import java.io.IOException;
import java.net.BindException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import kb.core.runtime.Shutdown;
import kb.core.runtime.Threads;
import kb.core.settings.KbSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Elasticsearch from the Maven distribution zip, run as a child process on loopback. Elasticsearch
 * refuses to run as root, so under root it runs as {@code nobody} (see {@link ElasticsearchFolders} for where
 * its files then live). It dies with this JVM, even with {@code kill -9} ({@link ParentWatchdog}); a process
 * left by an earlier run anyway (recorded in a pid file) is stopped at start. When it dies on its own it is
 * restarted on the same port and data, at most {@value #MAX_RESTARTS} times within {@link #RESTART_WINDOW};
 * then the give-up listener is told, and {@code kb} exits non-zero with a clear message.
 */
public final class EmbeddedElasticsearch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedElasticsearch.class);
    static final int MAX_RESTARTS = 3;
    static final Duration RESTART_WINDOW = Duration.ofMinutes(10);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    /** Options beside the heap when {@code KB_ES_JAVA_OPTS} is not set: C1 only, as the kb JVM (docs/decisions/jit-c1.md). */
    static final String DEFAULT_JAVA_OPTIONS = KbSettings.ES_JAVA_OPTS.fallback();

    /** The launcher's JVM C1 only: its C2 took 2 of its 3 CPU-s before the server's JVM started (docs/operations.md). */
    static final String LAUNCHER_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1";

    /** After the launcher's own {@code -XX:+AlwaysPreTouch}, so it wins (the last of a JVM's flags does). */
    static final String NO_PRE_TOUCH = "-XX:-AlwaysPreTouch";

    private final Path home;
    private final Path root;
    /** {@code ES_JAVA_OPTS} of every launch: the heap and {@code KB_ES_JAVA_OPTS}. */
    private final String javaOptions;

    private final int httpPort;
    private final boolean asRoot;
    private final String url;
    private final Path pidFile;
    private final List<String> nodeSettings;
    private final boolean restartOnExit;
    private final Deque<Instant> restarts = new ArrayDeque<>();
    private volatile Process process;
    private volatile ElasticsearchPhases phases = ElasticsearchPhases.NONE;
    private volatile boolean closing;
    private volatile Consumer<String> onGiveUp = message -> {};

    private EmbeddedElasticsearch(
            Path home,
            Path root,
            String javaOptions,
            int httpPort,
            boolean asRoot,
            List<String> nodeSettings,
            boolean restartOnExit) {
        this.nodeSettings = List.copyOf(nodeSettings);
        this.restartOnExit = restartOnExit;
        this.home = home;
        this.root = root;
        this.javaOptions = javaOptions;
        this.httpPort = httpPort;
        this.asRoot = asRoot;
        this.url = url(httpPort);
        this.pidFile = root.resolve("kb-elasticsearch.pid");
    }

    /**
     * Starts the node and returns once it is healthy. A port taken between its pick and Elasticsearch's bind
     * (another process picked it too: {@code BindHttpException}) is no failure: it starts again on the next port
     * from {@link ElasticsearchLaunch#ports()}, up to {@value FreePorts#ATTEMPTS} times. Interrupted, or failing,
     * it leaves no process behind.
     */
    public static EmbeddedElasticsearch start(ElasticsearchLaunch launch) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return startNode(launch, launch.ports().getAsInt());
            } catch (IOException e) {
                if (attempt >= FreePorts.ATTEMPTS || !FreePorts.isBindFailure(e)) {
                    throw e;
                }
                LOG.warn("a port chosen for Elasticsearch was taken before it bound it; trying another");
            }
        }
    }

    private static EmbeddedElasticsearch startNode(ElasticsearchLaunch launch, int httpPort)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        boolean asRoot = NodeProcesses.isRoot();
        Path root = launch.root();
        Path folder = ElasticsearchFolders.choose(root, asRoot);
        NodeProcesses.stopLeftover(folder.resolve("kb-elasticsearch.pid"));
        Path home = DistributionCache.home(launch.zip(), DistributionCache.root(launch.settings(), asRoot));
        // Earlier versions unpacked a copy into every data folder; the shared one replaces it.
        DistributionCache.deleteTree(folder.resolve("dist"));
        for (String sub : List.of("data", "logs", "tmp")) {
            Files.createDirectories(folder.resolve(sub));
        }
        DistributionCache.instanceConfig(home, folder);
        ElasticsearchFolders.secure(root, folder, asRoot);
        EmbeddedElasticsearch es = new EmbeddedElasticsearch(
                home,
                folder,
                javaOptions(launch.heap(), launch.settings()),
                httpPort,
                asRoot,
                launch.nodeSettings(),
                launch.restartOnExit());
        es.launch();
        LOG.info(
                "ready at {} in {} ms ({}; data {})",
                es.url,
                (System.nanoTime() - started) / 1_000_000,
                es.phases.describe(),
                folder.resolve("data"));
        es.supervise();
        return es;
    }

    /** Where this node keeps its data (its root may have moved where the unprivileged user can reach it). */
    public Path dataFolder() {
        return root.resolve("data");
    }

    /** The address of a node of this machine listening on {@code httpPort}. */
    static String url(int httpPort) {
        return "http://127.0.0.1:" + httpPort;
    }

    public String url() {
        return url;
    }

    /** Where the last launch spent its time, from its launcher's spawn to the yellow health. */
    public ElasticsearchPhases phases() {
        return phases;
    }

    /** Told, once, when Elasticsearch died and could not be restarted; the message says why and where to look. */
    public void onGiveUp(Consumer<String> listener) {
        this.onGiveUp = listener;
    }

    /** This instance's config folder ({@code ES_PATH_CONF}), for tests that break it. */
    public Path configFolder() {
        return root.resolve("config");
    }

    /** The running server's process and its launcher, for tests that kill it. */
    public ProcessHandle processHandle() {
        return process.toHandle();
    }

    /** SIGKILL to the server JVM (the launcher and the watchdog then exit on their own): a node crash. */
    public void killServer() throws InterruptedException {
        List<ProcessHandle> tree = process.toHandle().descendants().toList();
        for (ProcessHandle handle : tree) {
            handle.destroyForcibly();
        }
        process.destroyForcibly();
        process.waitFor();
    }

    /** Starts the node again on the same port and data, after {@link #killServer()}; returns once it is healthy. */
    public void relaunch() throws IOException, InterruptedException {
        launch();
        supervise();
    }

    private void launch() throws IOException, InterruptedException {
        Path logs = root.resolve("logs");
        ProcessBuilder builder = new ProcessBuilder(ParentWatchdog.wrap(
                        NodeProcesses.command(home, root.resolve("data"), logs, httpPort, asRoot, nodeSettings)))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logs.resolve("console.log").toFile()));
        Map<String, String> env = builder.environment();
        env.put("ES_JAVA_HOME", System.getProperty("java.home"));
        env.put("ES_TMPDIR", root.resolve("tmp").toString());
        env.put("ES_PATH_CONF", root.resolve("config").toString());
        env.put("ES_JAVA_OPTS", javaOptions);
        env.putIfAbsent("CLI_JAVA_OPTS", LAUNCHER_JAVA_OPTIONS); // set in the environment (blank: the launcher's own)
        env.remove("JAVA_TOOL_OPTIONS");
        Path consoleLog = logs.resolve("console.log");
        long logStart = Files.exists(consoleLog) ? Files.size(consoleLog) : 0;
        Instant spawned = Instant.now();
        process = builder.start(); // its stdin pipe stays open: the watchdog's line to this JVM
        try {
            Files.writeString(pidFile, Long.toString(process.pid()));
            awaitHealthy(START_TIMEOUT, consoleLog, logStart);
            phases = ElasticsearchPhases.read(
                    NodeProcesses.written(consoleLog, logStart), spawned, Instant.now(), ZoneId.systemDefault());
        } catch (IOException | InterruptedException | RuntimeException e) {
            // The start was abandoned (the broker beside it failed, the JVM stops): no node may outlive it.
            if (process.isAlive()) {
                LOG.warn("start abandoned ({}); stopping process {}", e.toString(), process.pid());
            }
            NodeProcesses.stopTree(process.toHandle());
            throw e;
        }
    }

    /**
     * The node's JVM options: the heap without its pre-touch, then {@code KB_ES_JAVA_OPTS} (empty: Elasticsearch's
     * own JIT settings), else {@link #DEFAULT_JAVA_OPTIONS}. In a profile of a first index on 2 cores, a fresh
     * node's C2 compiler took about 50 CPU-s that the embedder needed; C1 code is slower once warm
     * (docs/decisions/jit-c1.md). Elasticsearch's launcher adds {@code -XX:+AlwaysPreTouch}, which writes every
     * page of the heap before the node starts: 2-3 s of a restart on a loaded 2-core machine for a heap that a
     * small index never fills (docs/operations.md, start times). {@code KB_ES_JAVA_OPTS} comes later and may turn
     * it on again.
     */
    static String javaOptions(String heap, Map<String, String> env) {
        String extra = env.getOrDefault(KbSettings.ES_JAVA_OPTS.name(), DEFAULT_JAVA_OPTIONS)
                .strip();
        return ("-Xms" + heap + " -Xmx" + heap + " " + NO_PRE_TOUCH + " " + extra).strip();
    }

    /** Waits for an exit nobody asked for, then restarts, within bounds. */
    private void supervise() {
        Process watched = process;
        watched.onExit()
                .thenRunAsync(
                        () -> {
                            if (stopping()) {
                                LOG.debug("exited with code {} while kb stops", watched.exitValue());
                                return;
                            }
                            if (!restartOnExit) {
                                LOG.warn("{} exited with code {}; not restarting it", url, watched.exitValue());
                                return;
                            }
                            LOG.warn(
                                    "exited unexpectedly with code {}; see {}",
                                    watched.exitValue(),
                                    root.resolve("logs/console.log"));
                            restart();
                        },
                        runnable -> Threads.daemon("kb-elasticsearch-supervisor", runnable)
                                .start());
    }

    private void restart() {
        Instant now = Instant.now();
        while (!restarts.isEmpty() && restarts.peekFirst().isBefore(now.minus(RESTART_WINDOW))) {
            restarts.removeFirst();
        }
        if (restarts.size() >= MAX_RESTARTS) {
            giveUp("Elasticsearch died " + (MAX_RESTARTS + 1) + " times within " + RESTART_WINDOW.toMinutes()
                    + " minutes; not restarting it again. See " + root.resolve("logs"));
            return;
        }
        restarts.addLast(now);
        LOG.warn(
                "restarting (restart {} of at most {} within {} minutes)",
                restarts.size(),
                MAX_RESTARTS,
                RESTART_WINDOW.toMinutes());
        try {
            NodeProcesses.stopTree(process.toHandle());
            launch();
            LOG.info("restarted at {}", url);
            supervise();
        } catch (IOException | RuntimeException e) {
            if (stopping()) {
                LOG.debug("restart abandoned: kb stops ({})", e.toString());
                return;
            }
            LOG.error("restart failed: {}", e.getMessage());
            restart();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Closed, or the JVM is stopping: a signal to kb's whole process group reaches the child too where it could
     * not be given a session of its own ({@link ParentWatchdog}), and its exit is then no crash.
     */
    private boolean stopping() {
        return closing || Shutdown.inProgress();
    }

    private void giveUp(String message) {
        LOG.error("{}", message);
        onGiveUp.accept(message);
    }

    private void awaitHealthy(Duration timeout, Path consoleLog, long logStart)
            throws IOException, InterruptedException {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(url + "/_cluster/health?wait_for_status=yellow&timeout=1s"))
                .timeout(Duration.ofSeconds(5))
                .build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                List<String> output = NodeProcesses.written(consoleLog, logStart);
                String message = "Elasticsearch exited with " + process.exitValue() + "; see " + consoleLog + "\n"
                        + String.join("\n", output.subList(Math.max(0, output.size() - 30), output.size()));
                boolean portTaken = output.stream()
                        .anyMatch(
                                line -> line.contains("BindHttpException") || line.contains("BindTransportException"));
                throw portTaken ? new IOException(message, new BindException(message)) : new IOException(message);
            }
            try {
                if (http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                process.waitFor(250, TimeUnit.MILLISECONDS); // not listening yet
            }
        }
        NodeProcesses.stopTree(process.toHandle());
        throw new IOException("Elasticsearch was not healthy within " + timeout + "; see " + consoleLog);
    }

    /** SIGTERM to the launcher stops the server process it started; anything still alive is then killed. */
    @Override
    public void close() {
        closing = true;
        NodeProcesses.stopTree(process.toHandle());
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            LOG.debug("could not remove {}", pidFile, e);
        }
        LOG.info("stopped");
    }
}
