package kb.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kb.infra.Infrastructure;

/**
 * {@code kb} as a real process (the test's class path, as {@code ./kb} runs it), for what only two processes or an
 * exit status show: its output goes to files, read while it runs.
 */
public final class KbProcess implements AutoCloseable {

    private final Process process;
    private final Path out;
    private final Path err;
    private final Instant started = Instant.now();

    private KbProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    public static KbProcess start(Path logs, String name, Map<String, String> env, String... args) throws IOException {
        return start(List.of(), logs, name, env, args);
    }

    /**
     * As a shell runs a job in a terminal: kb leads a process group of its own (a signal to the group reaches kb and
     * whatever it started there), with SIGINT and SIGTERM at their defaults even where this JVM was started in the
     * background with SIGINT ignored (a JVM whose SIGINT is ignored never sees Ctrl-C). Perl is in every Debian.
     */
    static KbProcess startAsTerminalJob(Path logs, String name, Map<String, String> env, String... args)
            throws IOException {
        List<String> job = List.of(
                "perl", "-e", "$SIG{INT} = 'DEFAULT'; $SIG{TERM} = 'DEFAULT'; setpgrp(0, 0); exec @ARGV or die $!");
        return start(job, logs, name, env, args);
    }

    /** The group of the processes this one leads (its pid) when started as a terminal job. */
    long processGroup() {
        return process.pid();
    }

    private static KbProcess start(List<String> prefix, Path logs, String name, Map<String, String> env, String... args)
            throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                java,
                "-XX:TieredStopAtLevel=1",
                "-Dkb.elasticsearch.zip=" + Infrastructure.distributionZip().toAbsolutePath(),
                "-cp",
                System.getProperty("java.class.path"),
                KbMain.class.getName()));
        command.addAll(List.of(args));
        Files.createDirectories(logs);
        Path out = logs.resolve(name + ".out");
        Path err = logs.resolve(name + ".err");
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(env);
        return new KbProcess(builder.start(), out, err);
    }

    /**
     * How long {@code kb --help} takes as a process now: the JVM's start and the command line's parsing, which a
     * loaded machine stretches (several engineers' builds on 2 cores) and no check of {@code kb} can shorten. The
     * deadlines of refusals are counted on top of it.
     */
    public static Duration jvmStart(Path logs) throws IOException, InterruptedException {
        long start = System.nanoTime();
        try (KbProcess help = start(logs, "help", Map.of(), "--help")) {
            help.exitWithin(Duration.ofSeconds(60));
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        System.out.printf("[kb-process] kb --help took %d ms%n", took.toMillis());
        return took;
    }

    public long pid() {
        return process.pid();
    }

    /** The exit status within {@code deadline} of its start, or null if it still runs then (it is then killed). */
    public Integer exitWithin(Duration deadline) throws InterruptedException {
        long left = Duration.between(Instant.now(), started.plus(deadline)).toMillis();
        if (process.waitFor(Math.max(0, left), TimeUnit.MILLISECONDS)) {
            return process.exitValue();
        }
        kill();
        return null;
    }

    /** The exit status once it exits within {@code deadline} from now, or null if it still runs then. */
    Integer awaitExit(Duration deadline) throws InterruptedException {
        return process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    /** Waits for a line of standard output starting with {@code prefix}; false if the process ends or time runs out. */
    public boolean awaitOutput(String prefix, Duration deadline) throws IOException, InterruptedException {
        Instant until = Instant.now().plus(deadline);
        while (Instant.now().isBefore(until)) {
            if (Files.readAllLines(out, StandardCharsets.UTF_8).stream().anyMatch(l -> l.startsWith(prefix))) {
                return true;
            }
            if (!process.isAlive()) {
                return false;
            }
            process.waitFor(200, TimeUnit.MILLISECONDS);
        }
        return false;
    }

    public String stdout() throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    public String stderr() throws IOException {
        return Files.readString(err, StandardCharsets.UTF_8);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGTERM; true if it exited within {@code deadline}. */
    public boolean terminate(Duration deadline) throws InterruptedException {
        process.destroy();
        return process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }

    void kill() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        children.forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
