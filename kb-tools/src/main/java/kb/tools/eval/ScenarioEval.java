package kb.tools.eval;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import kb.core.Json;
import kb.local.HttpApi;
import kb.local.PipelineRun;
import kb.local.ScenarioApi;
import kb.local.WorkFolder;
import kb.tools.eval.ScenarioRow.Arm;
import kb.tools.eval.ScenarioRow.Kind;
import kb.tools.eval.ScenarioRow.Looked;
import kb.tools.eval.ScenarioRow.Searched;
import kb.tools.eval.ScenarioScoring.Summary;

/**
 * {@code kb eval --scenarios [DIR]}: a labelled scenario folder ({@link ScenarioSet}; our built-in set without
 * DIR) asked through the HTTP API. Questions go to the bm25 and vector arms (gate off) and to the served
 * search (top-1, top-3, MRR@10 per document); off-topic questions to the served search (the honesty gate);
 * every query to the lookup (lookups right, and how often a high-confidence answer is right).
 */
public final class ScenarioEval {

    /**
     * @param dir      the scenario folder; null for the built-in set
     * @param jsonOut  where to write the summary and rows as JSON, or null
     * @param work     a folder keeping the broker and index between runs (a second run only asks), or null
     * @param apiUrl   ask this running kb API instead of starting a pipeline, or null
     * @param kafka    an external broker, or null for an embedded one
     * @param es       an external Elasticsearch, or null for an embedded one
     * @param settings extra pipeline settings
     */
    public record Options(
            Path dir, Path jsonOut, Path work, String apiUrl, String kafka, String es, Map<String, String> settings) {}

    private ScenarioEval() {}

    /**
     * What one set measured: its summary, and for a set that labels PDF pages the cited page and the PDF words
     * intact.
     */
    public record SetFigures(
            Summary summary, Optional<CitedPage.Figure> cited, Optional<PdfWordsIntact.Figure> wordsIntact) {}

    /** Runs the whole command: index (unless {@code apiUrl}), ask, print, write the JSON. */
    public static SetFigures run(Options options) throws Exception {
        WorkFolder work = WorkFolder.of(options.work(), "kb-scenarios-");
        return work.measure(() -> measure(options, work.path()));
    }

    private static SetFigures measure(Options options, Path work) throws Exception {
        ScenarioSet set = options.dir() != null
                ? ScenarioSet.load(options.dir())
                : ScenarioSet.builtIn(work.resolve("builtin-kb"));
        System.out.printf(
                "kb eval: scenarios %s (%s): %d questions, %d lookups, %d off-topic%n",
                set.name(),
                set.kbDir(),
                set.questions().size(),
                set.lookups().size(),
                set.offTopic().size());
        Summary summary;
        Optional<CitedPage.Figure> cited;
        OptionalDouble ingestSeconds = OptionalDouble.empty();
        if (options.apiUrl() != null) {
            System.out.println("kb eval: asking the running API at " + options.apiUrl());
            summary = ask(new HttpApi(options.apiUrl()), set);
            cited = CitedPage.measure(new HttpApi(options.apiUrl()), options.dir());
        } else {
            long start = System.nanoTime();
            try (PipelineRun run = PipelineRun.start(
                    set.kbDir(), work.resolve("data"), options.kafka(), options.es(), options.settings())) {
                // A dead-lettered file never becomes a document: waiting for every file would wait the hour out.
                run.awaitCaughtUp(run.filesToIngest(), Duration.ofMinutes(60));
                ingestSeconds = OptionalDouble.of((System.nanoTime() - start) / 1e9);
                System.out.printf(
                        "kb eval: ingested through the pipeline in %.1f s (start included)%n",
                        ingestSeconds.getAsDouble());
                summary = ask(run, set);
                cited = CitedPage.measure(run, options.dir());
            }
        }
        print(summary, ingestSeconds);
        cited.ifPresent(System.out::println);
        Optional<PdfWordsIntact.Figure> words = PdfWordsIntact.measureIfLabelled(options.dir(), set.kbDir());
        words.ifPresent(System.out::println);
        if (options.jsonOut() != null) {
            writeJson(options.jsonOut(), summary, ingestSeconds);
        }
        return new SetFigures(summary, cited, words);
    }

    /** Asks every query of the set; a failed call is recorded on its row, and the run goes on. */
    public static Summary ask(ScenarioApi api, ScenarioSet set) throws InterruptedException {
        List<ScenarioRow> rows = new ArrayList<>();
        for (ScenarioSet.Labelled q : set.questions()) {
            Map<Arm, Searched> searches = new EnumMap<>(Arm.class);
            for (Arm arm : Arm.values()) {
                searches.put(arm, search(api, q.text(), arm));
            }
            rows.add(new ScenarioRow(Kind.QUESTION, q.text(), q.expected(), searches, lookup(api, q.text())));
        }
        for (ScenarioSet.Labelled q : set.lookups()) {
            rows.add(new ScenarioRow(Kind.LOOKUP, q.text(), q.expected(), Map.of(), lookup(api, q.text())));
        }
        for (String q : set.offTopic()) {
            rows.add(new ScenarioRow(
                    Kind.OFF_TOPIC, q, List.of(), Map.of(Arm.SERVED, search(api, q, Arm.SERVED)), lookup(api, q)));
        }
        return ScenarioScoring.summarize(set.name(), rows);
    }

    private static Searched search(ScenarioApi api, String query, Arm arm) throws InterruptedException {
        try {
            return Searched.of(api.search(query, arm.params()));
        } catch (IOException | RuntimeException e) {
            return Searched.failed(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    private static Looked lookup(ScenarioApi api, String query) throws InterruptedException {
        try {
            return Looked.of(api.get("/api/v1/lookup?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            return Looked.failed(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }

    public static void print(Summary s, OptionalDouble ingestSeconds) {
        System.out.printf(
                "%n%-5s %-5s %-16s %-44s %-44s %s%n",
                "right", "found", "matchedBy", "served top", "expected", "question");
        for (ScenarioRow row : rows(s, Kind.QUESTION)) {
            Searched served = row.searches().get(Arm.SERVED);
            System.out.printf(
                    "%-5s %-5s %-16s %-44s %-44s %s%n",
                    ScenarioScoring.rank(served.paths(), row.expected(), 1) == 1 ? "yes" : "NO",
                    served.found(),
                    String.join(",", served.topMatchedBy()),
                    served.error() != null ? "ERROR" : served.top(),
                    String.join("|", row.expected()),
                    cut(row.text()));
        }
        if (s.lookups() > 0) {
            System.out.printf(
                    "%n%-5s %-10s %-44s %-44s %s%n", "right", "confidence", "lookup answer", "expected", "lookup");
            for (ScenarioRow row : rows(s, Kind.LOOKUP)) {
                System.out.printf(
                        "%-5s %-10s %-44s %-44s %s%n",
                        ScenarioScoring.lookupRight(row.lookup(), row.expected()) ? "yes" : "NO",
                        confidence(row.lookup()),
                        answer(row.lookup()),
                        String.join("|", row.expected()),
                        cut(row.text()));
            }
        }
        System.out.printf(
                "%n%-9s %-44s %-10s %-44s %s%n",
                "deflected", "served top", "confidence", "lookup answer", "off-topic question");
        for (ScenarioRow row : rows(s, Kind.OFF_TOPIC)) {
            Searched served = row.searches().get(Arm.SERVED);
            boolean deflected = served.error() == null && !served.found();
            System.out.printf(
                    "%-9s %-44s %-10s %-44s %s%n",
                    deflected ? "yes" : "NO",
                    served.error() != null ? "ERROR" : served.top(),
                    confidence(row.lookup()),
                    answer(row.lookup()),
                    cut(row.text()));
        }
        printSummary(s, ingestSeconds);
    }

    private static void printSummary(Summary s, OptionalDouble ingestSeconds) {
        System.out.printf(
                "%nscenarios %s: %d questions, %d lookups, %d off-topic%n",
                s.name(), s.questions(), s.lookups(), s.offTopic());
        ingestSeconds.ifPresent(t -> System.out.printf("ingest (pipeline start to caught up): %.1f s%n", t));
        System.out.printf("%-8s %-12s %-12s %7s %7s%n", "arm", "top-1", "top-3", "MRR@10", "errors");
        s.arms()
                .forEach((arm, a) -> System.out.printf(
                        "%-8s %-12s %-12s %7.3f %7d%n",
                        arm.label(),
                        ratio(a.top1(), a.questions()),
                        ratio(a.top3(), a.questions()),
                        a.mrr10(),
                        a.errors()));
        System.out.printf(
                "honesty gate (served): off-topic deflected %d/%d; on-topic wrongly deflected %d/%d"
                        + " (%d of them with an arm's first page right)%n",
                s.offTopicDeflected(), s.offTopic(), s.onTopicDeflected(), s.questions(), s.deflectedArmRight());
        System.out.printf(
                "lookups right: %d/%d (primary, or the supplement when there is no primary)%n",
                s.lookupsRight(), s.lookups());
        System.out.printf(
                "high-confidence answers: %d/%d right (lookup of every query; off-topic ones are wrong)%n",
                s.highConfidenceRight(), s.highConfidence());
        System.out.printf(
                "L0 on questions and off-topic: %d/%d exact-keyword primaries are an expected page%n",
                s.l0Correct(), s.l0Answered());
        System.out.printf("lookup errors: %d/%d%n", s.lookupErrors(), s.rows().size());
    }

    private static List<ScenarioRow> rows(Summary s, Kind kind) {
        return s.rows().stream().filter(r -> r.kind() == kind).toList();
    }

    private static String answer(Looked lookup) {
        return lookup.error() != null ? "ERROR" : lookup.answer() == null ? "-" : lookup.answer();
    }

    private static String confidence(Looked lookup) {
        return lookup.confidence() == null ? "-" : lookup.confidence();
    }

    private static String ratio(int n, int of) {
        return String.format(Locale.ROOT, "%d/%d %.2f", n, of, of == 0 ? 0.0 : (double) n / of);
    }

    private static String cut(String text) {
        return text.length() > 90 ? text.substring(0, 90) + "..." : text;
    }

    /** The summary and every row. */
    static ObjectNode toJson(Summary s, OptionalDouble ingestSeconds) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("scenarios", s.name());
        ingestSeconds.ifPresent(t -> root.put("ingestSeconds", Math.round(t * 10) / 10.0));
        root.put("questions", s.questions()).put("lookups", s.lookups()).put("offTopic", s.offTopic());
        ObjectNode arms = root.putObject("arms");
        s.arms().forEach((arm, a) -> arms.putObject(arm.label())
                .put("questions", a.questions())
                .put("top1", a.top1())
                .put("top3", a.top3())
                .put("mrr10", a.mrr10())
                .put("errors", a.errors()));
        root.putObject("gate")
                .put("offTopicDeflected", s.offTopicDeflected())
                .put("offTopic", s.offTopic())
                .put("onTopicDeflected", s.onTopicDeflected())
                .put("onTopicDeflectedArmRight", s.deflectedArmRight())
                .put("onTopic", s.questions());
        root.putObject("lookup")
                .put("right", s.lookupsRight())
                .put("total", s.lookups())
                .put("errors", s.lookupErrors());
        root.putObject("highConfidence").put("right", s.highConfidenceRight()).put("total", s.highConfidence());
        root.putObject("l0").put("correct", s.l0Correct()).put("answered", s.l0Answered());
        ArrayNode rows = root.putArray("rows");
        for (ScenarioRow row : s.rows()) {
            ObjectNode r = rows.addObject();
            r.put("kind", row.kind().name().toLowerCase(Locale.ROOT)).put("text", row.text());
            row.expected().forEach(r.putArray("expected")::add);
            ObjectNode searches = r.putObject("search");
            row.searches().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e -> {
                        Searched x = e.getValue();
                        ObjectNode n = searches.putObject(e.getKey().label());
                        n.put("found", x.found())
                                .put(
                                        "rank",
                                        ScenarioScoring.rank(x.paths(), row.expected(), ScenarioScoring.MRR_DEPTH));
                        x.paths().stream().limit(ScenarioScoring.MRR_DEPTH).forEach(n.putArray("paths")::add);
                        x.topMatchedBy().forEach(n.putArray("topMatchedBy")::add);
                        if (x.error() != null) {
                            n.put("error", x.error());
                        }
                    });
            Looked l = row.lookup();
            ObjectNode lookup = r.putObject("lookup");
            lookup.put("primary", l.primary())
                    .put("supplement", l.supplement())
                    .put("confidence", l.confidence())
                    .put("right", row.kind() != Kind.OFF_TOPIC && ScenarioScoring.lookupRight(l, row.expected()));
            if (l.error() != null) {
                lookup.put("error", l.error());
            }
        }
        return root;
    }

    private static void writeJson(Path out, Summary s, OptionalDouble ingestSeconds) throws IOException {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(
                out, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toJson(s, ingestSeconds)));
    }
}
