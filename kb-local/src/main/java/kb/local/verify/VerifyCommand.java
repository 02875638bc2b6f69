package kb.local.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.ingest.ProducerConfig;
import kb.local.options.ApiUrlOption;
import kb.local.options.PipelineOptions;
import kb.search.es.IndexNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code kb verify}: the drift between the folders and a running pipeline. Exit status 0 when there is none.
 */
@Command(
        name = "verify",
        header = "Print the drift between the folders and a running pipeline (exit status 0: none).",
        description = {
            "Compares the folders with the compacted topics, the indexes and the API's listing and prints the drift:"
                    + " missing, stale, extra, duplicate. Exit status 0 when all are 0, 1 otherwise.",
            "Broker and Elasticsearch come from --kafka/--es, else the endpoints a `kb up` or `kb cluster up` wrote"
                    + " to DATADIR, else KB_KAFKA_BOOTSTRAP/KB_ES_URL.",
            "Without --url, the API is the one DATADIR names, else http://localhost:8080."
        })
public final class VerifyCommand implements Callable<Integer> {

    @Option(
            names = "--dir",
            paramLabel = "[NAME=]DIR",
            description = "A watched folder, repeatable (default: the running API's folders, else"
                    + " knowledge_base/ or KB_BASE_DIR).")
    List<String> dirs = new ArrayList<>();

    @Mixin
    ApiUrlOption apiUrl = new ApiUrlOption();

    @Mixin
    PipelineOptions pipeline = new PipelineOptions();

    @Option(
            names = "--wait",
            paramLabel = "SECONDS",
            defaultValue = "0",
            description = "Check again until there is no drift or the time is up (default ${DEFAULT-VALUE}).")
    long waitSeconds;

    @Spec
    CommandSpec spec;

    private final Map<String, String> env;

    /** @param env the settings the options fall back on (the process's environment) */
    public VerifyCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    @Override
    public Integer call() throws Exception {
        Resolved resolved = resolve();
        PrintWriter err = spec.commandLine().getErr();
        if (resolved.apiProblem() != null) {
            err.println("kb verify: the API at " + apiUrl.given() + " did not answer: " + resolved.apiProblem()
                    + " (check --url, or give --kafka and --es)");
            return ExitCode.SOFTWARE;
        }
        Options options = resolved.options();
        String unreachable = PipelineProbe.unreachable(options.kafka(), options.elasticsearch());
        if (unreachable != null) {
            err.println("kb verify: " + unreachable + " (give --url of a running API, or --kafka and --es)");
            return ExitCode.SOFTWARE;
        }
        return run(options, System.out).healthy() ? ExitCode.OK : ExitCode.SOFTWARE;
    }

    /** The options given, over what the API tells, over the endpoints a running kb wrote, over the environment. */
    public Options options() throws IOException {
        Resolved resolved = resolve();
        if (resolved.apiProblem() != null) {
            throw new IllegalArgumentException(
                    "the API at " + apiUrl.given() + " did not answer: " + resolved.apiProblem());
        }
        return resolved.options();
    }

    /** @param apiProblem why the API named by --url, which was to tell the pipeline, did not answer; else null */
    private record Resolved(Options options, String apiProblem) {}

    private Resolved resolve() throws IOException {
        Path dataDir = pipeline.data().orSetting(env);
        String kafka = pipeline.services().kafka();
        String elasticsearch = pipeline.services().elasticsearch();
        String url = apiUrl.given() == null ? null : apiUrl.given().toString();
        Endpoints found = Endpoints.read(dataDir).orElse(new Endpoints(null, null, null));
        String api = first(url, found.api() == null ? null : found.api().split(",")[0], "http://localhost:8080");
        // The API knows its own pipeline and folders: asked when they are not given.
        boolean pipelineFromApi = url != null && kafka == null && elasticsearch == null;
        PipelineProbe.Asked asked = pipelineFromApi || dirs.isEmpty()
                ? PipelineProbe.ask(api, env.get(KbSettings.API_TOKEN.name()))
                : new PipelineProbe.Asked(null, null);
        if (pipelineFromApi && asked.problem() != null) {
            return new Resolved(null, asked.problem());
        }
        PipelineProbe.Address told = kafka == null && elasticsearch == null ? asked.address() : null;
        String broker = first(
                kafka,
                told == null ? null : told.kafka(),
                found.kafka(),
                env.get(KbSettings.KAFKA_BOOTSTRAP.name()),
                KbSettings.KAFKA_BOOTSTRAP.fallback());
        String es = first(
                elasticsearch,
                told == null ? null : told.elasticsearch(),
                found.elasticsearch(),
                env.get(KbSettings.ES_URL.name()),
                KbSettings.ES_URL.fallback());
        Map<String, String> settings = new HashMap<>(Map.of(KbSettings.KAFKA_BOOTSTRAP.name(), broker));
        if (told != null && told.topicPrefix() != null && told.indexPrefix() != null) {
            settings.put(KbSettings.TOPIC_PREFIX.name(), told.topicPrefix());
            settings.put(KbSettings.INDEX_PREFIX.name(), told.indexPrefix());
        }
        return new Resolved(
                new Options(
                        folders(asked, api),
                        api,
                        broker,
                        es,
                        Duration.ofSeconds(waitSeconds),
                        new Settings(env).with(settings)),
                null);
    }

    /** --dir, else the folders the API serves, else KB_BASE_DIR's (default knowledge_base/) when it is there. */
    private List<Folder> folders(PipelineProbe.Asked asked, String api) {
        if (!dirs.isEmpty()) {
            return dirs.stream().map(Folder::parse).toList();
        }
        if (asked.address() != null && !asked.address().folders().isEmpty()) {
            return asked.address().folders();
        }
        Folder fallback =
                Folder.parse(new Settings(env).get(KbSettings.BASE_DIR).toString());
        if (Files.isDirectory(fallback.dir())) {
            return List.of(fallback);
        }
        throw new IllegalArgumentException("no --dir given, and the API at " + api + " did not tell its folders ("
                + (asked.problem() != null ? "it did not answer: " + asked.problem() : "it does not say them")
                + "); " + fallback.dir() + " is not a folder either: give --dir or --url of the running API");
    }

    private static String first(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        return null;
    }

    /** What to compare; {@code settings} carries the prefixes and the producer's file rules. */
    public record Options(
            List<Folder> folders,
            String apiUrl,
            String kafka,
            String elasticsearch,
            Duration patience,
            Settings settings) {}

    /** @return the last report: healthy, or the drift still there when the wait ran out */
    public static VerifyReport run(Options options, PrintStream out) throws IOException, InterruptedException {
        VerifyReport report = checkUntilHealthy(verifier(options), options.patience());
        out.println("kb verify: folders "
                + options.folders().stream().map(f -> f.dir().toString()).toList() + ", kafka " + options.kafka()
                + ", elasticsearch " + options.elasticsearch() + ", api " + options.apiUrl());
        report.print(out);
        return report;
    }

    /** Checks again every second until there is no drift or {@code patience} has passed; the last report. */
    public static VerifyReport checkUntilHealthy(Verifier verifier, Duration patience)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (true) {
            try {
                VerifyReport report = verifier.check();
                if (report.healthy() || Instant.now().isAfter(deadline)) {
                    return report;
                }
            } catch (IOException | RuntimeException e) {
                if (Instant.now().isAfter(deadline)) {
                    throw e; // a layer could not be read (a node down, a file deleted mid-walk) until the end
                }
            }
            Thread.sleep(1000); // polling a running pipeline from outside: there is no condition to wait on
        }
    }

    public static Verifier verifier(Options options) {
        ProducerConfig rules = ProducerConfig.from(options.settings());
        IndexNames indexes = new IndexNames(options.settings().get(KbSettings.INDEX_PREFIX));
        return new Verifier(
                options.folders(), rules, options.kafka(), options.elasticsearch(), indexes, options.apiUrl());
    }
}
