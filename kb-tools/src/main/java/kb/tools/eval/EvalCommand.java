package kb.tools.eval;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import kb.local.options.ExternalServices;
import kb.local.options.WorkFolderOption;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
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
                    + " high-confidence answers right.",
            "--work DIR keeps the broker, index and files: a second run asks without ingesting again. With several"
                    + " --scenarios, each set keeps its own in DIR/<set's folder name>."
        })
public final class EvalCommand implements Callable<Integer> {

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

    @Mixin
    ExternalServices services = new ExternalServices();

    @Mixin
    WorkFolderOption workFolder = new WorkFolderOption();

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
        Path work = workFolder.given();
        BeirEval.run(
                what.dataset,
                json,
                services.kafka(),
                services.elasticsearch(),
                work != null ? Map.of(BeirEval.WORK, work.toString()) : Map.of(),
                rows,
                runs);
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
        Path work = workFolder.given();
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
                    services.kafka(),
                    services.elasticsearch(),
                    Map.of())));
        }
        DevelopmentTable.print(figures, System.out);
        return ExitCode.OK;
    }
}
