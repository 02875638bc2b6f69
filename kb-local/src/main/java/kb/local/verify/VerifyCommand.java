package kb.local.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.core.Settings;
import kb.core.es.IndexNames;
import kb.ingest.ProducerConfig;
import kb.local.Endpoints;

/**
 * {@code kb verify}: the drift between the folders and a running pipeline. Exit status 0 when there is none.
 */
public final class VerifyCommand {

    public static final String USAGE =
            "usage: kb verify [--dir DIR]... [--url API] [--data DATADIR] [--kafka BOOTSTRAP] [--es URL] [--wait SECONDS]\n"
                    + "  compares the folders (default knowledge_base/) with the compacted topics, the indexes and the API's\n"
                    + "  listing (default http://localhost:8080) and prints the drift: missing, stale, extra, duplicate;\n"
                    + "  exit status 0 when all are 0. Broker and Elasticsearch come from --kafka/--es, else the\n"
                    + "  endpoints a `kb up`/`kb cluster up` wrote to DATADIR (default ~/.kb-pipeline), else KB_KAFKA_BOOTSTRAP/KB_ES_URL.\n"
                    + "  --wait: check again until there is no drift or the time is up";

    /** What to compare; {@code settings} carries the prefixes and the producer's file rules. */
    public record Options(
            List<Folder> folders,
            String apiUrl,
            String kafka,
            String elasticsearch,
            Duration patience,
            Settings settings) {

        public static Options parse(List<String> args, Map<String, String> env) throws IOException {
            List<Folder> folders = new ArrayList<>();
            Map<String, String> flags = new HashMap<>();
            for (int i = 0; i < args.size(); i += 2) {
                if (i + 1 >= args.size()
                        || !List.of("--dir", "--url", "--data", "--kafka", "--es", "--wait")
                                .contains(args.get(i))) {
                    throw new IllegalArgumentException(USAGE);
                }
                if (args.get(i).equals("--dir")) {
                    folders.add(Folder.parse(args.get(i + 1)));
                } else {
                    flags.put(args.get(i), args.get(i + 1));
                }
            }
            if (folders.isEmpty()) {
                folders.add(Folder.parse(env.getOrDefault("KB_BASE_DIR", "knowledge_base")));
            }
            Path data = Path.of(flags.getOrDefault("--data", System.getProperty("user.home") + "/.kb-pipeline"));
            Endpoints found = Endpoints.read(data).orElse(new Endpoints(null, null, null));
            String kafka = first(flags.get("--kafka"), found.kafka(), env.get("KB_KAFKA_BOOTSTRAP"), "localhost:9092");
            String es = first(flags.get("--es"), found.elasticsearch(), env.get("KB_ES_URL"), "http://localhost:9200");
            String api = first(
                    flags.get("--url"),
                    found.api() == null ? null : found.api().split(",")[0],
                    "http://localhost:8080");
            Duration wait = Duration.ofSeconds(Long.parseLong(flags.getOrDefault("--wait", "0")));
            return new Options(
                    folders, api, kafka, es, wait, new Settings(env).with(Map.of("KB_KAFKA_BOOTSTRAP", kafka)));
        }

        private static String first(String... values) {
            for (String value : values) {
                if (value != null && !value.isBlank()) {
                    return value;
                }
            }
            return null;
        }
    }

    private VerifyCommand() {}

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
        IndexNames indexes = new IndexNames(options.settings().string("KB_INDEX_PREFIX", IndexNames.DEFAULT_PREFIX));
        return new Verifier(
                options.folders(), rules, options.kafka(), options.elasticsearch(), indexes, options.apiUrl());
    }
}
