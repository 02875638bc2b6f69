package kb.local;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import kb.core.Metrics;
import kb.core.Settings;
import kb.core.embed.Embeddings;

/**
 * The {@code kb} command. {@code kb up} starts the whole pipeline in this JVM over a folder: the embedded
 * broker and Elasticsearch (unless pointed at external ones) and the four services.
 */
public final class KbMain {

    private KbMain() {}

    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        String command = arguments.isEmpty() ? "" : arguments.get(0);
        if (!List.of("up", "eval", "bench", "calibrate", "verify", "cluster").contains(command)) {
            System.err.println(UpOptions.USAGE + "\n" + EVAL_USAGE + "\n" + BENCH_USAGE + "\n" + CALIBRATE_USAGE + "\n"
                    + kb.local.verify.VerifyCommand.USAGE + "\n" + kb.local.cluster.ClusterCommand.USAGE);
            System.exit(2);
        }
        try {
            if (command.equals("verify")) {
                kb.local.verify.VerifyReport report = kb.local.verify.VerifyCommand.run(
                        kb.local.verify.VerifyCommand.Options.parse(
                                arguments.subList(1, arguments.size()), System.getenv()),
                        System.out);
                System.exit(report.healthy() ? 0 : 1);
            }
            if (command.equals("cluster")) {
                System.exit(kb.local.cluster.ClusterCommand.run(arguments.subList(1, arguments.size())));
            }
            if (command.equals("eval")) {
                eval(arguments.subList(1, arguments.size()));
                System.exit(0);
            }
            if (command.equals("calibrate")) {
                calibrate(arguments.subList(1, arguments.size()));
                System.exit(0);
            }
            if (command.equals("bench")) {
                bench(arguments.subList(1, arguments.size()));
                System.exit(0);
            }
            up(UpOptions.parse(arguments.subList(1, arguments.size()), System.getenv()));
        } catch (IllegalArgumentException e) {
            System.err.println("kb: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("kb: failed to start: " + e);
            e.printStackTrace(System.err);
            System.exit(1);
        }
    }

    private static final String EVAL_USAGE =
            "usage: kb eval --dataset DIR [--json OUT] [--kafka BOOTSTRAP] [--es URL] [--sweep W,W] [--variants 'P;P'] [--work DIR] [--runs DIR]\n"
                    + "  runs the BEIR-format dataset in DIR through a fresh embedded pipeline and prints\n"
                    + "  nDCG@10, Recall@10, Recall@100 and MRR@10 for the bm25, vector and hybrid arms\n"
                    + "  (--runs: each arm's rankings as TREC run files)\n"
                    + "usage: kb eval --scenarios [DIR] [--json OUT] [--work DIR] [--api URL] [--kafka BOOTSTRAP] [--es URL]\n"
                    + "  asks a scenario folder (DIR/kb indexed in place, questions.tsv, lookups.tsv, offtopic.txt; our\n"
                    + "  built-in set without DIR): top-1, top-3 and MRR@10 for the bm25, vector and served search, the\n"
                    + "  gate's off-topic deflected / on-topic deflected, lookups right, high-confidence answers right\n"
                    + "  (--api: ask the kb already running at URL instead of starting a pipeline)";

    private static final String BENCH_USAGE =
            "usage: kb bench [--dataset DIR] [--docs N] [--queries N] [--edits N] [--query-chunks N] [--startup-docs N] [--out FILE]\n"
                    + "  L0, ingest throughput, query latency, freshness, edits and startup, each against a baseline;\n"
                    + "  writes docs/benchmarks.md";

    private static final String CALIBRATE_USAGE =
            "usage: kb calibrate --questions FILE --offtopic FILE [--api URL] [--write FILE]\n"
                    + "  asks a running kb (default http://localhost:8080) every question with the gate off and prints, per\n"
                    + "  candidate threshold, off-topic questions answered and on-topic ones deflected; --write stores the\n"
                    + "  recommended KB_GATE_MIN_COSINE in a settings file (kb up --data DIR reads DIR/settings.properties)";

    private static void calibrate(List<String> args) throws Exception {
        Map<String, String> flags = flags(args, CALIBRATE_USAGE);
        if (!flags.containsKey("--questions") || !flags.containsKey("--offtopic")) {
            throw new IllegalArgumentException(CALIBRATE_USAGE);
        }
        kb.local.eval.CalibrateCommand.run(
                java.nio.file.Path.of(flags.get("--questions")),
                java.nio.file.Path.of(flags.get("--offtopic")),
                flags.getOrDefault("--api", "http://localhost:8080"),
                flags.containsKey("--write") ? java.nio.file.Path.of(flags.get("--write")) : null);
    }

    /**
     * The environment over {@code DATADIR/settings.properties} (KEY=VALUE lines, e.g. what {@code kb calibrate
     * --write} stored): settings that belong to one knowledge base travel with its data folder.
     */
    static Settings settingsFor(java.nio.file.Path dataDir) throws java.io.IOException {
        Map<String, String> values = new java.util.HashMap<>();
        java.nio.file.Path file = dataDir.resolve(SETTINGS_FILE);
        if (java.nio.file.Files.isRegularFile(file)) {
            java.util.Properties properties = new java.util.Properties();
            try (var reader = java.nio.file.Files.newBufferedReader(file)) {
                properties.load(reader);
            }
            properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
            System.out.println("kb: settings from " + file + ": " + values.keySet());
        }
        values.putAll(System.getenv());
        return new Settings(values);
    }

    static final String SETTINGS_FILE = "settings.properties";

    private static void bench(List<String> args) throws Exception {
        Map<String, String> flags = flags(args, BENCH_USAGE);
        kb.local.bench.BenchCommand.run(
                java.nio.file.Path.of(flags.getOrDefault("--dataset", "../shared/data/scifact")),
                new kb.local.bench.BenchCommand.Sizes(
                        Integer.parseInt(flags.getOrDefault("--docs", "2000")),
                        Integer.parseInt(flags.getOrDefault("--queries", "200")),
                        Integer.parseInt(flags.getOrDefault("--edits", "100")),
                        20_000,
                        Integer.parseInt(flags.getOrDefault("--query-chunks", "100000")),
                        Integer.parseInt(flags.getOrDefault("--startup-docs", "10000"))),
                java.nio.file.Path.of(flags.getOrDefault("--out", "docs/benchmarks.md")),
                null,
                null,
                Map.of());
    }

    private static Map<String, String> flags(List<String> args, String usage) {
        if (args.size() % 2 != 0) {
            throw new IllegalArgumentException(usage);
        }
        Map<String, String> flags = new java.util.HashMap<>();
        for (int i = 0; i + 1 < args.size(); i += 2) {
            flags.put(args.get(i), args.get(i + 1));
        }
        return flags;
    }

    private static void eval(List<String> args) throws Exception {
        if (!args.isEmpty() && args.get(0).equals("--scenarios")) {
            scenarios(args.subList(1, args.size()));
            return;
        }
        Map<String, String> flags = flags(args, EVAL_USAGE);
        if (!flags.containsKey("--dataset")) {
            throw new IllegalArgumentException(EVAL_USAGE);
        }
        kb.local.eval.EvalCommand.run(
                java.nio.file.Path.of(flags.get("--dataset")),
                flags.containsKey("--json") ? java.nio.file.Path.of(flags.get("--json")) : null,
                flags.get("--kafka"),
                flags.get("--es"),
                flags.containsKey("--work") ? Map.of("KB_EVAL_WORK", flags.get("--work")) : Map.of(),
                variants(flags),
                flags.containsKey("--runs") ? java.nio.file.Path.of(flags.get("--runs")) : null);
    }

    /** {@code kb eval --scenarios [DIR] [--json OUT] [--work DIR] [--api URL] [--kafka BOOTSTRAP] [--es URL]}. */
    private static void scenarios(List<String> args) throws Exception {
        java.nio.file.Path dir = null;
        if (!args.isEmpty() && !args.get(0).startsWith("--")) {
            dir = java.nio.file.Path.of(args.get(0));
            args = args.subList(1, args.size());
        }
        Map<String, String> flags = flags(args, EVAL_USAGE);
        for (String flag : flags.keySet()) {
            if (!List.of("--json", "--work", "--api", "--kafka", "--es").contains(flag)) {
                throw new IllegalArgumentException("unknown option " + flag + "\n" + EVAL_USAGE);
            }
        }
        if (dir != null && !java.nio.file.Files.isDirectory(dir.resolve("kb"))) {
            throw new IllegalArgumentException("no kb/ folder in " + dir);
        }
        kb.local.eval.ScenarioEval.run(new kb.local.eval.ScenarioEval.Options(
                dir,
                flags.containsKey("--json") ? java.nio.file.Path.of(flags.get("--json")) : null,
                flags.containsKey("--work") ? java.nio.file.Path.of(flags.get("--work")) : null,
                flags.get("--api"),
                flags.get("--kafka"),
                flags.get("--es"),
                Map.of()));
    }

    /** {@code --sweep 0.2,0.5} (BM25 weights) and {@code --variants 'PARAMS;PARAMS'} (search parameters). */
    private static List<String> variants(Map<String, String> flags) {
        List<String> variants = new java.util.ArrayList<>();
        if (flags.containsKey("--sweep")) {
            java.util.Arrays.stream(flags.get("--sweep").split(","))
                    .map(w -> "&bm25Weight=" + Double.parseDouble(w))
                    .forEach(variants::add);
        }
        if (flags.containsKey("--variants")) {
            variants.addAll(List.of(flags.get("--variants").split(";")));
        }
        return variants;
    }

    private static void up(UpOptions options) throws Exception {
        long start = System.nanoTime();
        for (kb.core.CollectionFolder collection : options.collections()) {
            System.out.println("kb: collection '" + collection.name() + "': " + collection.folder());
        }
        System.out.println("kb: data " + options.dataDir());
        Settings settings = settingsFor(options.dataDir())
                .with(Map.of(
                        "KB_BASE_DIR", options.kbDir().toString(),
                        "KB_COLLECTIONS", kb.core.CollectionFolder.setting(options.collections()),
                        "KB_API_PORT", Integer.toString(options.port()),
                        "KB_API_HOST", options.host(),
                        "KB_STREAMS_STATE_DIR",
                                options.dataDir().resolve("streams").toString()));
        Infrastructure infra = Infrastructure.start(options.dataDir(), options.kafka(), options.elasticsearch());
        CountDownLatch stopped = new CountDownLatch(1);
        LocalPipeline[] pipeline = new LocalPipeline[1];
        ProgressReporter[] progress = new ProgressReporter[1];
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            if (progress[0] != null) {
                                progress[0].close();
                            }
                            if (pipeline[0] != null) {
                                pipeline[0].close();
                            }
                            infra.close();
                            stopped.countDown();
                        },
                        "kb-shutdown"));
        infra.onElasticsearchLost(message -> {
            // A half-dead kb (API up, index gone) is worse than none: exit so a supervisor or the user notices.
            System.err.println("kb: stopping: " + message);
            System.exit(1);
        });
        settings = settings.with(Map.of(
                "KB_KAFKA_BOOTSTRAP", infra.bootstrapServers(),
                "KB_ES_URL", infra.elasticsearchUrl()));
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        pipeline[0] = LocalPipeline.start(settings, Embeddings.load(Embeddings.setting(settings)), registry);
        new Endpoints(
                        infra.bootstrapServers(),
                        infra.elasticsearchUrl(),
                        "http://" + (kb.query.WriteGuard.isLoopback(options.host()) ? "localhost" : options.host())
                                + ":" + pipeline[0].port())
                .write(options.dataDir());
        System.out.printf(
                "kb ready at http://%s:%d (started in %.1f s)%n",
                kb.query.WriteGuard.isLoopback(options.host()) ? "localhost" : options.host(),
                pipeline[0].port(),
                (System.nanoTime() - start) / 1e9);
        // A terminal gets a bar redrawn in place; a pipe or a CI log gets plain lines.
        progress[0] = ProgressReporter.start(
                pipeline[0]::indexing, System.out, System.console() != null, ProgressReporter.PERIOD);
        stopped.await();
    }
}
