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
import kb.core.Json;
import kb.infra.DataFolderLock;
import kb.local.PipelineRun;
import kb.local.WorkFolder;

/**
 * {@code kb eval --dataset DIR [--json OUT]}: ingests a BEIR corpus through the real pipeline (one markdown
 * file per record, its title in the frontmatter), waits until everything is searchable, then runs every
 * judged test query through the API's three arms and prints nDCG@10, Recall@10/@100 and MRR@10.
 */
public final class BeirEval {

    /** Passes --work to the BEIR run among its settings: not a setting of the pipeline. */
    static final String WORK = "KB_EVAL_WORK";

    /** Every arm ranks from the same depth, deep enough for Recall@100. */
    private static final String DEPTH = "&k=100&window=100&gate=false";

    private static final Map<String, String> ARMS = new LinkedHashMap<>();

    static {
        ARMS.put("bm25", "&arms=bm25");
        ARMS.put("vector", "&arms=vector");
        ARMS.put("hybrid", "&arms=hybrid");
    }

    private BeirEval() {}

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
