package kb.tools.soak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.infra.Infrastructure;
import kb.local.KbMain;
import kb.local.verify.Endpoints;
import kb.local.verify.Folder;
import kb.tools.cluster.Child;

/**
 * {@code kb up --dir NAME=DIR --data DATADIR --port 0 [--kafka BOOTSTRAP]} as its own JVM, the way a user runs it (with this JVM's
 * class path), logging to {@code DATADIR/../logs}. It dies with this JVM ({@link Child}); {@link #kill()} is
 * SIGKILL. Each start is a new process on the same data folder.
 */
final class KbUpProcess implements AutoCloseable {

    /** How long a start may take to be ready. */
    static final Duration START_TIMEOUT = Duration.ofMinutes(5);

    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(5);

    private final String name;
    private final Folder folder;
    private final Path dataDir;
    private final Path logDir;
    private final String heap;
    private final Map<String, String> env;
    /** {@code --kafka}: the broker to use instead of the embedded one, or null. */
    private final String kafka;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(HTTP_TIMEOUT).build();
    private Child child;
    private int starts;

    KbUpProcess(
            String name, Folder folder, Path dataDir, Path logDir, String heap, Map<String, String> env, String kafka) {
        this.name = name;
        this.folder = folder;
        this.dataDir = dataDir;
        this.logDir = logDir;
        this.heap = heap;
        this.env = Map.copyOf(env);
        this.kafka = kafka;
    }

    /** Starts a new process; the endpoints of the last one are removed first, so {@link #awaitReady} sees its own. */
    synchronized void start() throws IOException {
        Files.createDirectories(dataDir);
        Files.deleteIfExists(dataDir.resolve(Endpoints.FILE));
        Map<String, String> childEnv = new HashMap<>(env);
        // As ./kb runs it: C1 only, and the Elasticsearch distribution the build copied.
        childEnv.put(
                "JDK_JAVA_OPTIONS",
                "-XX:TieredStopAtLevel=1 -Dkb.elasticsearch.zip="
                        + Infrastructure.distributionZip().toAbsolutePath());
        List<String> args = new ArrayList<>(List.of(
                "up", "--dir", folder.collection() + "=" + folder.dir(), "--data", dataDir.toString(), "--port", "0"));
        if (kafka != null) {
            args.addAll(List.of("--kafka", kafka));
        }
        child = new Child(name + "-" + ++starts, KbMain.class.getName(), args, heap, childEnv, logDir).start();
    }

    /** The API's URL once the process has written its endpoints and {@code /health} answers 200. */
    String awaitReady(Duration timeout) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!child.isAlive()) {
                throw new IOException(child.name() + " exited before it was ready; see " + child.log());
            }
            Endpoints endpoints = Endpoints.read(dataDir).orElse(null);
            if (endpoints != null && endpoints.api() != null && healthy(endpoints.api())) {
                return endpoints.api();
            }
            // Polling another process's files and port: there is no condition to wait on.
            Thread.sleep(250);
        }
        throw new IOException(child.name() + " was not ready within " + timeout + "; see " + child.log());
    }

    /** Whether the process has written its endpoints and answers {@code /health}, without waiting. */
    boolean ready() throws IOException, InterruptedException {
        Endpoints endpoints = Endpoints.read(dataDir).orElse(null);
        return child.isAlive() && endpoints != null && endpoints.api() != null && healthy(endpoints.api());
    }

    private boolean healthy(String api) throws InterruptedException {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(api + "/health"))
                    .timeout(HTTP_TIMEOUT)
                    .build();
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** The broker, Elasticsearch and API of the running process. */
    Endpoints endpoints() throws IOException {
        return Endpoints.read(dataDir).orElseThrow(() -> new IOException("no endpoints in " + dataDir));
    }

    long pid() {
        return child.pid();
    }

    Path log() {
        return child.log();
    }

    /** SIGKILL: no shutdown hook; its Elasticsearch is left to its watchdog and to the next start. */
    synchronized void kill() throws InterruptedException {
        child.kill();
    }

    /** SIGTERM, as Ctrl-C: the process stops its broker and Elasticsearch. */
    @Override
    public synchronized void close() {
        if (child != null) {
            child.stop();
        }
    }
}
