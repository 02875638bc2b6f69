package kb.local;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import kb.core.Metrics;
import kb.core.Settings;
import kb.core.embed.EmbeddingModelSpec;
import kb.core.embed.OnnxEmbedder;

/**
 * The {@code kb} command. {@code kb up} starts the whole pipeline in this JVM over a folder: the embedded
 * broker and Elasticsearch (unless pointed at external ones) and the four services.
 */
public final class KbMain {

    private KbMain() {
    }

    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        String command = arguments.isEmpty() ? "" : arguments.get(0);
        if (!List.of("up", "eval", "bench").contains(command)) {
            System.err.println(UpOptions.USAGE + "\n" + EVAL_USAGE + "\n" + BENCH_USAGE);
            System.exit(2);
        }
        try {
            if (command.equals("eval")) {
                eval(arguments.subList(1, arguments.size()));
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

    private static final String EVAL_USAGE = "usage: kb eval --dataset DIR [--json OUT] [--kafka BOOTSTRAP] [--es URL] [--sweep W,W] [--variants 'P;P'] [--work DIR] [--runs DIR]\n"
            + "  runs the BEIR-format dataset in DIR through a fresh embedded pipeline and prints\n"
            + "  nDCG@10, Recall@10, Recall@100 and MRR@10 for the bm25, vector and hybrid arms\n"
            + "  (--runs: each arm's rankings as TREC run files)\n"
            + "usage: kb eval --scenarios\n"
            + "  runs our labelled scenario set: top-1 and L0 accuracy, the gate's false-found / false-deflect";

    private static final String BENCH_USAGE = "usage: kb bench [--dataset DIR] [--docs N] [--queries N] [--edits N] [--query-chunks N] [--startup-docs N] [--out FILE]\n"
            + "  L0, ingest throughput, query latency, freshness, edits and startup, each against a baseline;\n"
            + "  writes docs/benchmarks.md";

    private static void bench(List<String> args) throws Exception {
        Map<String, String> flags = flags(args, BENCH_USAGE);
        kb.local.bench.BenchCommand.run(java.nio.file.Path.of(flags.getOrDefault("--dataset", "../shared/data/scifact")),
                new kb.local.bench.BenchCommand.Sizes(Integer.parseInt(flags.getOrDefault("--docs", "2000")),
                        Integer.parseInt(flags.getOrDefault("--queries", "200")),
                        Integer.parseInt(flags.getOrDefault("--edits", "100")), 20_000,
                        Integer.parseInt(flags.getOrDefault("--query-chunks", "100000")),
                        Integer.parseInt(flags.getOrDefault("--startup-docs", "10000"))),
                java.nio.file.Path.of(flags.getOrDefault("--out", "docs/benchmarks.md")), null, null, Map.of());
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
        if (args.equals(List.of("--scenarios"))) {
            kb.local.eval.ScenarioEval.run(null, null, Map.of());
            return;
        }
        Map<String, String> flags = flags(args, EVAL_USAGE);
        if (!flags.containsKey("--dataset")) {
            throw new IllegalArgumentException(EVAL_USAGE);
        }
        kb.local.eval.EvalCommand.run(java.nio.file.Path.of(flags.get("--dataset")),
                flags.containsKey("--json") ? java.nio.file.Path.of(flags.get("--json")) : null,
                flags.get("--kafka"), flags.get("--es"),
                flags.containsKey("--work") ? Map.of("KB_EVAL_WORK", flags.get("--work")) : Map.of(),
                variants(flags), flags.containsKey("--runs") ? java.nio.file.Path.of(flags.get("--runs")) : null);
    }

    /** {@code --sweep 0.2,0.5} (BM25 weights) and {@code --variants 'PARAMS;PARAMS'} (search parameters). */
    private static List<String> variants(Map<String, String> flags) {
        List<String> variants = new java.util.ArrayList<>();
        if (flags.containsKey("--sweep")) {
            java.util.Arrays.stream(flags.get("--sweep").split(",")).map(w -> "&bm25Weight=" + Double.parseDouble(w))
                    .forEach(variants::add);
        }
        if (flags.containsKey("--variants")) {
            variants.addAll(List.of(flags.get("--variants").split(";")));
        }
        return variants;
    }

    private static void up(UpOptions options) throws Exception {
        long start = System.nanoTime();
        System.out.println("kb: knowledge base " + options.kbDir() + ", data " + options.dataDir());
        Settings settings = Settings.fromEnvironment().with(Map.of(
                "KB_BASE_DIR", options.kbDir().toString(),
                "KB_API_PORT", Integer.toString(options.port()),
                "KB_API_HOST", options.host(),
                "KB_STREAMS_STATE_DIR", options.dataDir().resolve("streams").toString()));
        Infrastructure infra = Infrastructure.start(options.dataDir(), options.kafka(), options.elasticsearch());
        CountDownLatch stopped = new CountDownLatch(1);
        LocalPipeline[] pipeline = new LocalPipeline[1];
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (pipeline[0] != null) {
                pipeline[0].close();
            }
            infra.close();
            stopped.countDown();
        }, "kb-shutdown"));
        infra.onElasticsearchLost(message -> {
            // A half-dead kb (API up, index gone) is worse than none: exit so a supervisor or the user notices.
            System.err.println("kb: stopping: " + message);
            System.exit(1);
        });
        settings = settings.with(Map.of(
                "KB_KAFKA_BOOTSTRAP", infra.bootstrapServers(),
                "KB_ES_URL", infra.elasticsearchUrl()));
        PrometheusMeterRegistry registry = Metrics.newRegistry();
        EmbeddingModelSpec model = EmbeddingModelSpec.byId(
                settings.string("KB_EMBEDDING_MODEL", EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.id()));
        pipeline[0] = LocalPipeline.start(settings, new OnnxEmbedder(model), registry);
        System.out.printf("kb ready at http://%s:%d (started in %.1f s)%n",
                kb.query.WriteGuard.isLoopback(options.host()) ? "localhost" : options.host(), pipeline[0].port(),
                (System.nanoTime() - start) / 1e9);
        stopped.await();
    }
}
