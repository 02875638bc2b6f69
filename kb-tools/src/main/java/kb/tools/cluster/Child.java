package kb.tools.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One service of the cluster as its own JVM ({@link ChildMain} around the service's main), logging to its own
 * file. It dies with the parent; {@link #kill()} is SIGKILL to that JVM, {@link #stop()} SIGTERM.
 */
public final class Child {

    private static final Logger LOG = LoggerFactory.getLogger(Child.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final String name;
    private final String mainClass;
    private final List<String> args;
    private final String heap;
    private final Map<String, String> env;
    private final Path log;
    private volatile Process process;
    private volatile boolean stopping;

    public Child(String name, String mainClass, List<String> args, String heap, Map<String, String> env, Path logDir) {
        this.name = name;
        this.mainClass = mainClass;
        this.args = List.copyOf(args);
        this.heap = heap;
        this.env = Map.copyOf(env);
        this.log = logDir.resolve(name + ".log");
    }

    public String name() {
        return name;
    }

    public Path log() {
        return log;
    }

    public synchronized Child start() throws IOException {
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Serial GC: a dozen JVMs share two cores, and none needs a parallel collector's threads.
                "-Xms64m",
                "-Xmx" + heap,
                "-XX:+UseSerialGC",
                "-Dkb.child=" + name,
                "-cp",
                absoluteClassPath(),
                ChildMain.class.getName(),
                mainClass));
        command.addAll(args);
        // Its working folder is the log folder: a JVM crash file (hs_err_pid*.log) lands beside its log.
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(log.getParent().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().putAll(env);
        stopping = false;
        Process started = builder.start(); // its stdin stays open: the child's line to this JVM
        process = started;
        started.onExit().thenAccept(p -> {
            if (!stopping) {
                LOG.warn("{} (pid {}) exited on its own with status {}; see {}", name, p.pid(), p.exitValue(), log);
            }
        });
        LOG.info("started {} (pid {}, log {})", name, started.pid(), log);
        return this;
    }

    /** This JVM's class path, each entry absolute, so the child can run in another folder. */
    private static String absoluteClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no goodbye to the group or the cluster. */
    public void kill() throws InterruptedException {
        stopping = true;
        process.destroyForcibly();
        process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        LOG.info("killed {} (SIGKILL)", name);
    }

    /** SIGTERM, then SIGKILL after {@link #STOP_TIMEOUT}. */
    public void stop() {
        Process running = process;
        if (running == null || !running.isAlive()) {
            return;
        }
        stopping = true;
        running.destroy();
        try {
            if (!running.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                LOG.warn("{} did not stop within {}: killing it", name, STOP_TIMEOUT);
                running.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            running.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
