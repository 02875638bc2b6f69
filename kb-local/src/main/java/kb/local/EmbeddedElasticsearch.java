package kb.local;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Elasticsearch from the Maven distribution zip, run as a child process on loopback. Elasticsearch
 * refuses to run as root, so under root it runs as {@code nobody} (its folders are handed to that user).
 * Closing it, or this JVM's shutdown, stops it; a process left by a killed earlier run is stopped at start.
 */
public final class EmbeddedElasticsearch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedElasticsearch.class);
    private static final String NOBODY = "65534";

    private final Process process;
    private final String url;
    private final Path pidFile;

    private EmbeddedElasticsearch(Process process, String url, Path pidFile) {
        this.process = process;
        this.url = url;
        this.pidFile = pidFile;
    }

    /**
     * @param zip  the distribution ({@code org.elasticsearch.distribution.integ-test-zip:elasticsearch:zip})
     * @param root folder for the unpacked distribution, data, logs and temp files
     */
    public static EmbeddedElasticsearch start(Path zip, Path root, String heap) throws IOException, InterruptedException {
        return start(zip, root, heap, FreePorts.pick());
    }

    /** @param httpPort a fixed port, so a restart over the same folder is the same node at the same URL */
    public static EmbeddedElasticsearch start(Path zip, Path root, String heap, int httpPort)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        Files.createDirectories(root);
        Path pidFile = root.resolve("kb-elasticsearch.pid");
        stopLeftover(pidFile);
        Path home = unpackOnce(zip, root.resolve("dist"));
        Path data = Files.createDirectories(root.resolve("data"));
        Path logs = Files.createDirectories(root.resolve("logs"));
        Path tmp = Files.createDirectories(root.resolve("tmp"));
        boolean asRoot = isRoot();
        if (asRoot) {
            handToNobody(root);
        }
        ProcessBuilder builder = new ProcessBuilder(command(home, data, logs, httpPort, asRoot))
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve("console.log").toFile());
        Map<String, String> env = builder.environment();
        env.put("ES_JAVA_HOME", System.getProperty("java.home"));
        env.put("ES_TMPDIR", tmp.toString());
        env.put("ES_JAVA_OPTS", "-Xms" + heap + " -Xmx" + heap);
        env.remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        Files.writeString(pidFile, Long.toString(process.pid()));
        EmbeddedElasticsearch es = new EmbeddedElasticsearch(process, "http://127.0.0.1:" + httpPort, pidFile);
        es.awaitHealthy(Duration.ofSeconds(180), logs.resolve("console.log"));
        LOG.info("[elasticsearch] ready at {} in {} ms (data {})", es.url, (System.nanoTime() - started) / 1_000_000, data);
        return es;
    }

    public String url() {
        return url;
    }

    private static List<String> command(Path home, Path data, Path logs, int httpPort, boolean asRoot) {
        List<String> command = new ArrayList<>();
        if (asRoot) {
            command.addAll(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--"));
        }
        command.add(home.resolve("bin/elasticsearch").toString());
        for (String setting : List.of(
                "discovery.type=single-node",
                "xpack.security.enabled=false",
                "network.host=127.0.0.1",
                "http.port=" + httpPort,
                "transport.port=" + FreePorts.pick(),
                "path.data=" + data,
                "path.logs=" + logs,
                "cluster.name=kb-local",
                "node.name=kb-local",
                "cluster.routing.allocation.disk.threshold_enabled=false",
                "action.destructive_requires_name=false")) {
            command.add("-E");
            command.add(setting);
        }
        return command;
    }

    /** Unpacks the zip once (a marker says it is complete); bin/ scripts get their execute bits back. */
    private static Path unpackOnce(Path zip, Path dist) throws IOException {
        Path marker = dist.resolve(".unpacked");
        if (!Files.exists(marker)) {
            if (!Files.isRegularFile(zip)) {
                throw new IOException("Elasticsearch distribution not found at " + zip
                        + " (build the project first: mvn -DskipTests install)");
            }
            LOG.info("[elasticsearch] unpacking {} into {}", zip, dist);
            Files.createDirectories(dist);
            try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
                for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                    extract(in, entry, dist);
                }
            }
            Files.writeString(marker, zip.getFileName().toString());
        }
        try (var entries = Files.list(dist)) {
            return entries.filter(p -> p.getFileName().toString().startsWith("elasticsearch-")).findFirst()
                    .orElseThrow(() -> new IOException("no elasticsearch-* folder in " + dist));
        }
    }

    private static void extract(ZipInputStream in, ZipEntry entry, Path dist) throws IOException {
        Path target = dist.resolve(entry.getName()).normalize();
        if (!target.startsWith(dist)) {
            throw new IOException("zip entry escapes the target folder: " + entry.getName());
        }
        if (entry.isDirectory()) {
            Files.createDirectories(target);
            return;
        }
        Files.createDirectories(target.getParent());
        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        if (target.getParent().getFileName().toString().equals("bin")) {
            target.toFile().setExecutable(true, false);
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /**
     * {@code nobody} must own Elasticsearch's folders and be able to reach them: folders made by
     * {@code mktemp -d} are closed to others, so each ancestor gets the search (x) bit for others.
     */
    private static void handToNobody(Path root) throws IOException, InterruptedException {
        run("chown", "-R", NOBODY + ":" + NOBODY, root.toString());
        for (Path dir = root.toAbsolutePath().getParent(); dir != null; dir = dir.getParent()) {
            run("chmod", "o+x", dir.toString());
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    private void awaitHealthy(Duration timeout, Path consoleLog) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/_cluster/health?wait_for_status=yellow&timeout=1s"))
                .timeout(Duration.ofSeconds(5)).build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException("Elasticsearch exited with " + process.exitValue() + "; see " + consoleLog
                        + "\n" + tail(consoleLog));
            }
            try {
                if (http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                process.waitFor(250, TimeUnit.MILLISECONDS); // not listening yet
            }
        }
        close();
        throw new IOException("Elasticsearch was not healthy within " + timeout + "; see " + consoleLog);
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    /** A previous run killed with SIGKILL cannot stop its child: stop it now, before it holds the data lock. */
    private static void stopLeftover(Path pidFile) throws IOException {
        if (!Files.exists(pidFile)) {
            return;
        }
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        Optional<ProcessHandle> leftover = ProcessHandle.of(pid)
                .filter(h -> h.info().commandLine().orElse("").contains("elasticsearch"));
        leftover.ifPresent(h -> {
            LOG.warn("[elasticsearch] stopping leftover process {} from an earlier run", pid);
            stopTree(h);
        });
        Files.deleteIfExists(pidFile);
    }

    private static void stopTree(ProcessHandle handle) {
        List<ProcessHandle> descendants = handle.descendants().toList();
        handle.destroy();
        try {
            handle.onExit().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            handle.destroyForcibly();
        }
        for (ProcessHandle child : descendants) {
            child.destroy();
            try {
                child.onExit().get(20, TimeUnit.SECONDS);
            } catch (Exception e) {
                child.destroyForcibly();
            }
        }
    }

    /** SIGTERM to the launcher stops the server process it started; anything still alive is then killed. */
    @Override
    public void close() {
        stopTree(process.toHandle());
        try {
            Files.deleteIfExists(pidFile);
        } catch (IOException e) {
            LOG.debug("[elasticsearch] could not remove {}", pidFile, e);
        }
        LOG.info("[elasticsearch] stopped");
    }

}
