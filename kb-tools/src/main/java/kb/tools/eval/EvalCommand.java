package kb.tools.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import kb.core.Json;
import kb.infra.DataFolderLock;
import kb.local.PipelineRun;
import kb.local.WorkFolder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code kb eval --dataset DIR [--json OUT]}: ingests a BEIR corpus through the real pipeline (one markdown
 * file per record, its title in the frontmatter), waits until everything is searchable, then runs every
 * judged test query through the API's three arms and prints nDCG@10, Recall@10/@100 and MRR@10.
 * {@code kb eval --scenarios [DIR]} asks a labelled scenario folder instead ({@link ScenarioEval}).
 */
@Command(
        name = "eval",
        header = "Measure retrieval on a BEIR dataset or a labelled scenario folder.",
        description = {
            "--dataset DIR runs the BEIR-format dataset in DIR through a fresh embedded pipeline and prints nDCG@10,"
                    + " Recall@10, Recall@100 and MRR@10 for the bm25, vector and hybrid arms.",
            "--scenarios [DIR] asks a scenario folder (DIR/kb indexed in place, questions.tsv, lookups.tsv,"
                    + " offtopic.txt; our built-in set without DIR): top-1, top-3 and MRR@10 for the bm25, vector and"
                    + " served search, the gate's off-topic deflected / on-topic deflected, lookups right,"
                    + " high-confidence answers right."
        })
public final class EvalCommand implements Callable<Integer> {

    /** Passes --work to the BEIR run among its settings: not a setting of the pipeline. */
    private static final String WORK = "KB_EVAL_WORK";

    /** Every arm ranks from the same depth, deep enough for Recall@100. */
    private static final String DEPTH = "&k=100&window=100&gate=false";

    private static final Map<String, String> ARMS = new LinkedHashMap<>();

    static {
        ARMS.put("bm25", "&arms=bm25");
        ARMS.put("vector", "&arms=vector");
        ARMS.put("hybrid", "&arms=hybrid");
    }

    /** One of the two: a BEIR dataset or a scenario folder. */
    static final class What {

        @Option(names = "--dataset", paramLabel = "DIR", required = true, description = "A BEIR-format dataset.")
        Path dataset;

        @Option(
                names = "--scenarios",
                paramLabel = "DIR",
                required = true,
                arity = "0..1",
                fallbackValue = "",
                description = "A scenario folder; without DIR, the built-in set. Repeat it to score several sets"
                        + " and print one table of them all.")
        List<String> scenarios;
    }

    @ArgGroup(multiplicity = "1")
    What what;

    @Option(
            names = "--json",
            paramLabel = "OUT",
            description = "Also write the figures as JSON to OUT (with several --scenarios, a folder: OUT/<set>.json).")
    Path json;

    @Option(names = "--kafka", paramLabel = "BOOTSTRAP", description = "Use this Kafka instead of an embedded broker.")
    String kafka;

    @Option(names = "--es", paramLabel = "URL", description = "Use this Elasticsearch instead of an embedded one.")
    String es;

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description = "Keep the broker, index and files here: a second run asks without ingesting again."
                    + " With several --scenarios, each set keeps its own in DIR/<set's folder name>.")
    Path work;

    @Option(
            names = "--sweep",
            paramLabel = "W,W",
            split = ",",
            description = "--dataset only: an extra hybrid row per BM25 weight.")
    List<Double> sweep = new ArrayList<>();

    @Option(
            names = "--variants",
            paramLabel = "P;P",
            split = ";",
            description =
                    "--dataset only: an extra hybrid row per set of search parameters (e.g. '&fusion=convex&alpha=0.3').")
    List<String> variants = new ArrayList<>();

    @Option(
            names = "--runs",
            paramLabel = "DIR",
            description = "--dataset only: each arm's rankings as TREC run files.")
    Path runs;

    @Option(
            names = "--api",
            paramLabel = "URL",
            description = "--scenarios only: ask the kb already running at URL instead of starting a pipeline.")
    String api;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (what.scenarios != null && what.dataset != null) {
            // picocli's exclusive group does not refuse a repeatable option beside the other one.
            throw new ParameterException(spec.commandLine(), "--dataset and --scenarios are mutually exclusive");
        }
        if (what.scenarios != null) {
            return scenarios();
        }
        if (api != null) {
            throw new ParameterException(spec.commandLine(), "--api goes with --scenarios");
        }
        List<String> rows = new ArrayList<>();
        sweep.forEach(weight -> rows.add("&bm25Weight=" + weight));
        rows.addAll(variants);
        run(what.dataset, json, kafka, es, work != null ? Map.of(WORK, work.toString()) : Map.of(), rows, runs);
        return ExitCode.OK;
    }

    private int scenarios() throws Exception {
        if (!sweep.isEmpty() || !variants.isEmpty() || runs != null) {
            throw new ParameterException(spec.commandLine(), "--sweep, --variants and --runs go with --dataset");
        }
        List<Path> dirs = new ArrayList<>();
        for (String scenario : what.scenarios) {
            Path dir = scenario.isEmpty() ? null : Path.of(scenario);
            if (dir != null && !Files.isDirectory(dir.resolve("kb"))) {
                throw new IllegalArgumentException("no kb/ folder in " + dir);
            }
            dirs.add(dir);
        }
        boolean several = dirs.size() > 1;
        List<ScenarioEval.SetFigures> figures = new ArrayList<>();
        for (Path dir : dirs) {
            String name = dir == null
                    ? "built-in"
                    : dir.toAbsolutePath().normalize().getFileName().toString();
            figures.add(ScenarioEval.run(new ScenarioEval.Options(
                    dir,
                    several && json != null ? json.resolve(name + ".json") : json,
                    several && work != null ? work.resolve(name) : work,
                    api,
                    kafka,
                    es,
                    Map.of())));
        }
        DevelopmentTable.print(figures, System.out);
        return ExitCode.OK;
    }

    /**
     * @param variants extra hybrid rows, each a set of search parameters (e.g. {@code &bm25Weight=0.3} or
     *                 {@code &fusion=convex&alpha=0.3}), for tuning on one index; printed, not in the JSON
     * @param runsDir  when not null, each arm's ranking of every query is written there as a TREC run file
     *                 ({@code ARM.run}), for offline analysis of fusion schemes
     */
    public static Map<String, Map<String, Double>> run(
            Path datasetDir,
            Path jsonOut,
            String kafka,
            String es,
            Map<String, String> settings,
            List<String> variants,
            Path runsDir)
            throws Exception {
        BeirDataset dataset = BeirDataset.load(datasetDir);
        // A given work folder keeps its broker, index and files: a second run re-asks without re-ingesting.
        WorkFolder work = WorkFolder.of(settings.containsKey(WORK) ? Path.of(settings.get(WORK)) : null, "kb-eval-");
        Map<String, Map<String, Double>> results =
                work.measure(() -> measure(dataset, kafka, es, settings, variants, runsDir, work.path()));
        if (jsonOut != null) {
            writeJson(jsonOut, dataset, results);
        }
        return results;
    }

    private static Map<String, Map<String, Double>> measure(
            BeirDataset dataset,
            String kafka,
            String es,
            Map<String, String> settings,
            List<String> variants,
            Path runsDir,
            Path work)
            throws Exception {
        // A kb already running on this work folder is refused before its corpus is written again.
        DataFolderLock.acquire(work.resolve("data")).close();
        Map<String, String> pathToId = writeCorpus(dataset, work.resolve("kb"));
        System.out.printf(
                "kb eval: %s, %d documents, %d judged queries%n",
                dataset.name(), dataset.corpus().size(), dataset.queries().size());
        long start = System.nanoTime();
        try (PipelineRun run = PipelineRun.start(work.resolve("kb"), work.resolve("data"), kafka, es, settings)) {
            run.awaitCaughtUp(dataset.corpus().size(), Duration.ofMinutes(60));
            System.out.printf("kb eval: ingested through the pipeline in %.1f s%n", (System.nanoTime() - start) / 1e9);
            Map<String, Map<String, Double>> results = new LinkedHashMap<>();
            Map<String, Integer> errors = new LinkedHashMap<>();
            for (Map.Entry<String, String> arm : ARMS.entrySet()) {
                RankingMetrics metrics = new RankingMetrics();
                StringBuilder trecRun = new StringBuilder();
                for (Map.Entry<String, String> query : dataset.queries().entrySet()) {
                    List<String> ranked =
                            ranked(run, query.getValue(), DEPTH + arm.getValue(), pathToId, arm.getKey(), errors);
                    metrics.add(ranked, dataset.qrels().get(query.getKey()));
                    appendRun(trecRun, query.getKey(), ranked, arm.getKey());
                }
                results.put(arm.getKey(), metrics.summary());
                if (runsDir != null) {
                    Files.createDirectories(runsDir);
                    Files.writeString(runsDir.resolve(arm.getKey() + ".run"), trecRun);
                }
            }
            Map<String, Map<String, Double>> rows = new LinkedHashMap<>();
            for (String variant : variants) {
                RankingMetrics metrics = new RankingMetrics();
                for (Map.Entry<String, String> query : dataset.queries().entrySet()) {
                    metrics.add(
                            ranked(
                                    run,
                                    query.getValue(),
                                    DEPTH + "&arms=hybrid" + variant,
                                    pathToId,
                                    "hybrid " + variant,
                                    errors),
                            dataset.qrels().get(query.getKey()));
                }
                rows.put("hybrid " + variant, metrics.summary());
            }
            print(dataset, results);
            rows.forEach((name, m) -> System.out.printf(
                    "%-40s %9.4f %10.4f %11.4f %8.4f%n",
                    name, m.get("ndcg@10"), m.get("recall@10"), m.get("recall@100"), m.get("mrr@10")));
            errors.forEach((name, n) -> System.out.printf(
                    "%s: %d/%d queries failed (scored as nothing found)%n",
                    name, n, dataset.queries().size()));
            return results;
        }
    }

    /** One file per record; ids become safe, unique file names, remembered for mapping results back. */
    private static Map<String, String> writeCorpus(BeirDataset dataset, Path dir) throws IOException {
        Files.createDirectories(dir);
        Map<String, String> pathToId = new HashMap<>();
        for (BeirDataset.Document doc : dataset.corpus()) {
            String name = doc.id().replaceAll("[^A-Za-z0-9_-]", "_");
            String path = name + ".md";
            for (int n = 2; pathToId.containsKey(path); n++) {
                path = name + "_" + n + ".md";
            }
            pathToId.put(path, doc.id());
            String title = doc.title().isBlank()
                    ? ""
                    : "---\ntitle: " + Json.MAPPER.writeValueAsString(doc.title()) + "\n---\n";
            Files.writeString(dir.resolve(path), title + doc.text() + "\n", StandardCharsets.UTF_8);
        }
        return pathToId;
    }

    /** TREC run lines: query id, Q0, document id, rank, a score falling with the rank, run name. */
    private static void appendRun(StringBuilder out, String queryId, List<String> ranked, String name) {
        for (int i = 0; i < ranked.size(); i++) {
            out.append(queryId)
                    .append(" Q0 ")
                    .append(ranked.get(i))
                    .append(' ')
                    .append(i + 1)
                    .append(' ')
                    .append(ranked.size() - i)
                    .append(' ')
                    .append(name)
                    .append('\n');
        }
    }

    /** A failed query is logged, counted for its row and ranks nothing: one error does not end the run. */
    private static List<String> ranked(
            PipelineRun run,
            String query,
            String params,
            Map<String, String> pathToId,
            String row,
            Map<String, Integer> errors)
            throws InterruptedException {
        try {
            return rankedIds(run.search(query, params), pathToId);
        } catch (IOException | RuntimeException e) {
            if (errors.merge(row, 1, Integer::sum) == 1) {
                System.out.printf("kb eval: %s: a query failed (first of the row shown): %s%n", row, e.getMessage());
            }
            return List.of();
        }
    }

    private static List<String> rankedIds(JsonNode response, Map<String, String> pathToId) {
        List<String> ids = new ArrayList<>();
        response.get("results").forEach(r -> ids.add(pathToId.get(r.get("path").asText())));
        return ids;
    }

    private static void print(BeirDataset dataset, Map<String, Map<String, Double>> results) {
        System.out.printf(
                "%n%s (%d queries)%n%-8s %9s %10s %11s %8s%n",
                dataset.name(), dataset.queries().size(), "arm", "nDCG@10", "Recall@10", "Recall@100", "MRR@10");
        results.forEach((arm, m) -> System.out.printf(
                "%-8s %9.4f %10.4f %11.4f %8.4f%n",
                arm, m.get("ndcg@10"), m.get("recall@10"), m.get("recall@100"), m.get("mrr@10")));
        System.out.println("(no frontmatter keywords in this corpus: L0 does not apply)");
    }

    private static void writeJson(Path out, BeirDataset dataset, Map<String, Map<String, Double>> results)
            throws IOException {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("dataset", dataset.name());
        root.put("queries", dataset.queries().size());
        ObjectNode arms = root.putObject("arms");
        results.forEach((arm, m) -> {
            ObjectNode node = arms.putObject(arm);
            for (String key : List.of("ndcg@10", "recall@10", "recall@100", "mrr@10")) {
                node.put(key, m.get(key));
            }
        });
        Files.writeString(out, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    }
}
