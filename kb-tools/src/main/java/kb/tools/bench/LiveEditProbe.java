package kb.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.stream.Stream;
import kb.core.Json;
import kb.infra.Infrastructure;
import kb.local.KbMain;
import kb.local.options.WorkFolderOption;
import kb.local.verify.Endpoints;
import kb.tools.cluster.Child;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A person's save and delete during a first index, timed black-box: copies a folder into a fresh one, runs
 * {@code kb up} on it as its own JVM (the way a user does), waits for {@code /health}, then appends a unique word to
 * one file and times until a search answers that file for it, then deletes the file and times until it is no longer
 * answered. Repeated on a fresh folder and data folder each run; prints each run and p50/p99 against the goals
 * (issue 41: 2 s at p50, 5 s at p99).
 */
@Command(
        name = "probe-edit",
        description = {
            "Time a save and a delete made just after `kb ready` during a first index (black-box, p50/p99).",
            "--work DIR (required) holds each run's folder, data and log."
        })
public final class LiveEditProbe implements Callable<Integer> {

    static final Duration GOAL_P50 = Duration.ofSeconds(2);
    static final Duration GOAL_P99 = Duration.ofSeconds(5);
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration FOUND_TIMEOUT = Duration.ofMinutes(15);
    /** How often the API is asked: a 50 ms grain against goals of seconds. */
    private static final long POLL_MILLIS = 50;

    @Option(names = "--folder", required = true, description = "The folder to index (copied for every run).")
    Path folder;

    /** Required: checked by {@link #call()}, since the shared option cannot be required for every command. */
    @Mixin
    WorkFolderOption work = new WorkFolderOption();

    @Option(names = "--runs", defaultValue = "5", description = "First indexes to time (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--edit",
            description = "The file to save and delete, relative to the folder (default: the first .md found).")
    String edit;

    @Spec
    CommandSpec spec;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** One run's figures (milliseconds). */
    record Run(long startedToReady, long saveToFound, long deleteToGone) {}

    @Override
    public Integer call() throws Exception {
        if (work.given() == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--work=DIR'");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<Run> done = new ArrayList<>();
        for (int i = 1; i <= runs; i++) {
            Run run = runOnce(work.given().resolve("run-" + i));
            done.add(run);
            out.printf(
                    Locale.ROOT,
                    "run %d: ready after %.1f s; save searchable in %.2f s; delete gone in %.2f s%n",
                    i,
                    run.startedToReady() / 1000.0,
                    run.saveToFound() / 1000.0,
                    run.deleteToGone() / 1000.0);
            out.flush();
        }
        out.println(
                line("save", done.stream().map(r -> (double) r.saveToFound()).toList()));
        out.println(
                line("delete", done.stream().map(r -> (double) r.deleteToGone()).toList()));
        return 0;
    }

    static String line(String what, List<Double> millis) {
        Stats stats = Stats.of(millis);
        return String.format(
                Locale.ROOT,
                "live %s during a first index: p50 %.2f s (goal %d s) %s, p99 %.2f s (goal %d s) %s, n=%d",
                what,
                stats.median() / 1000.0,
                GOAL_P50.toSeconds(),
                stats.median() <= GOAL_P50.toMillis() ? "met" : "NOT met",
                stats.p99() / 1000.0,
                GOAL_P99.toSeconds(),
                stats.p99() <= GOAL_P99.toMillis() ? "met" : "NOT met",
                stats.n());
    }

    private Run runOnce(Path dir) throws Exception {
        Path kb = dir.resolve("kb");
        Path data = dir.resolve("data");
        Files.createDirectories(dir);
        copyTree(folder, kb);
        String relative = edit != null ? edit : firstMarkdown(kb);
        Path file = kb.resolve(relative);
        long started = System.nanoTime();
        Child child = start(kb, data, dir);
        try {
            String api = awaitReady(child, data);
            long ready = System.nanoTime();
            String word = "zqlive" + Long.toString(System.nanoTime(), 36);
            long saved = System.nanoTime();
            Files.writeString(file, "\n\nThe " + word + " marker was saved just now.\n", StandardOpenOption.APPEND);
            awaitAnswer(api, word, hits -> hits.contains(relative));
            long found = System.nanoTime();
            long deleted = System.nanoTime();
            Files.delete(file);
            awaitAnswer(api, word, hits -> !hits.contains(relative));
            long gone = System.nanoTime();
            return new Run(millis(ready - started), millis(found - saved), millis(gone - deleted));
        } finally {
            child.stop();
        }
    }

    private static Child start(Path kb, Path data, Path dir) throws IOException {
        // As ./kb runs it: C1 only, and the Elasticsearch distribution the build copied.
        Map<String, String> env = Map.of(
                "JDK_JAVA_OPTIONS",
                "-XX:TieredStopAtLevel=1 -Dkb.elasticsearch.zip="
                        + Infrastructure.distributionZip().toAbsolutePath());
        List<String> args = List.of("up", "--dir", kb.toString(), "--data", data.toString(), "--port", "0");
        return new Child("probe-edit", KbMain.class.getName(), args, "2g", env, dir).start();
    }

    private String awaitReady(Child child, Path data) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!child.isAlive()) {
                throw new IOException("kb up exited before it was ready; see " + child.log());
            }
            Endpoints endpoints = Endpoints.read(data).orElse(null);
            if (endpoints != null && endpoints.api() != null && status(endpoints.api() + "/health") == 200) {
                return endpoints.api();
            }
            Thread.sleep(POLL_MILLIS); // another process's port: no condition to wait on
        }
        throw new IOException("kb up was not ready within " + READY_TIMEOUT + "; see " + child.log());
    }

    /** Asks until the paths answered for {@code word} pass {@code done}. */
    private void awaitAnswer(String api, String word, Predicate<List<String>> done)
            throws IOException, InterruptedException {
        URI uri = URI.create(api + "/api/v1/search?q=" + URLEncoder.encode(word, StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + FOUND_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (done.test(paths(uri))) {
                return;
            }
            Thread.sleep(POLL_MILLIS); // another process's index: no condition to wait on
        }
        throw new IOException("no answer for " + word + " within " + FOUND_TIMEOUT);
    }

    /** The paths of the documents answered; none while the API cannot answer. */
    private List<String> paths(URI uri) throws InterruptedException {
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return List.of();
            }
            List<String> paths = new ArrayList<>();
            for (JsonNode result : Json.MAPPER.readTree(response.body()).path("results")) {
                paths.add(result.path("path").asText());
            }
            return paths;
        } catch (IOException e) {
            return List.of();
        }
    }

    private int status(String url) throws InterruptedException {
        try {
            return http.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        }
    }

    private static String firstMarkdown(Path kb) throws IOException {
        try (Stream<Path> files = Files.walk(kb)) {
            return files.filter(p -> p.toString().endsWith(".md"))
                    .map(p -> kb.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .findFirst()
                    .orElseThrow(() -> new IOException("no .md file in " + kb));
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }

    private static long millis(long nanos) {
        return Duration.ofNanos(nanos).toMillis();
    }
}
