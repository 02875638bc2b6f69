package kb.tools.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import kb.local.options.WorkFolderOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kb soak}: seeded random edits of a real folder while a real {@code kb up} runs on it and is SIGKILLed at
 * random moments; then the index it built must equal a fresh rebuild of the same folder. Exit status 0 when it
 * does, 1 with the differences otherwise.
 */
@Command(
        name = "soak",
        header = "Edit a folder at random while kb up runs on it and is killed; check it converges to a fresh rebuild.",
        description = {
            "Applies seeded random operations to a new folder (create, overwrite, append, rename, move a subfolder,"
                    + " case-only rename, delete, editor saves, bursts, a git-checkout-like swap, symlinks) while"
                    + " `kb up` runs on it as its own process, SIGKILLed and restarted at seeded moments; with"
                    + " --broker-restarts, its broker runs as a process of its own, stopped and started again at"
                    + " other seeded moments while kb runs on.",
            "Then waits until it has settled and compares it with a fresh `kb up` of the same folder on a new data"
                    + " folder: `kb verify` finds no drift in either, and both indexes hold the same documents,"
                    + " chunk texts and locations. Exit status 0 when they converge, 1 otherwise.",
            "--work DIR (empty or new) holds the folder, both data folders and the logs; without it, a new"
                    + " temporary folder, removed after a converged soak."
        })
public final class SoakCommand implements Callable<Integer> {

    @Option(names = "--seed", paramLabel = "S", description = "The random seed (default: the clock's).")
    Long seed;

    @Option(
            names = "--files",
            paramLabel = "N",
            defaultValue = "200",
            description = "Notes the folder starts with and hovers around (default ${DEFAULT-VALUE}).")
    int files;

    @Option(
            names = "--minutes",
            paramLabel = "M",
            defaultValue = "5",
            description = "How long the operations last (default ${DEFAULT-VALUE}; decimals allowed).")
    double minutes;

    @Option(
            names = "--ops",
            paramLabel = "COUNT",
            description = "Operations, spread evenly over the minutes (default: 5 a second).")
    Integer ops;

    @Option(
            names = "--kills",
            paramLabel = "K",
            defaultValue = "2",
            description = "SIGKILLs of kb up at seeded moments (default ${DEFAULT-VALUE}).")
    int kills;

    @Option(
            names = "--broker-restarts",
            paramLabel = "N",
            defaultValue = "0",
            description = "Run the broker as its own process (kb up --kafka) and stop it (SIGKILL or SIGTERM, seeded)"
                    + " at N seeded moments, down 10-60 s each while the edits go on; kb is not restarted for them"
                    + " (default ${DEFAULT-VALUE}).")
    int brokerRestarts;

    @Mixin
    WorkFolderOption workFolder = new WorkFolderOption();

    private final Map<String, String> env;

    /** @param env settings for both kb up processes and the verifier (the process's environment) */
    public SoakCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    @Override
    public Integer call() throws Exception {
        SoakPlan plan = plan();
        SoakReport report = new Soak(plan, System.out).run();
        report.print(System.out);
        if (report.convergent() && workFolder.given() == null) {
            FolderTree.deleteTree(plan.work());
        } else {
            System.out.println("kb soak: folder, data and logs kept in " + plan.work());
        }
        return report.convergent() ? ExitCode.OK : ExitCode.SOFTWARE;
    }

    /** The plan the options describe; a work folder that is not empty is refused (the soak owns its folder). */
    SoakPlan plan() throws IOException {
        Path work = workFolder.given();
        if (files < 1 || kills < 0 || brokerRestarts < 0 || minutes < 0 || ops != null && ops < 0) {
            throw new IllegalArgumentException(
                    "--files must be at least 1; --ops, --kills, --broker-restarts and --minutes at least 0");
        }
        if (work != null && Files.isDirectory(work)) {
            try (Stream<Path> entries = Files.list(work)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException("--work " + work + " is not empty: the soak owns its folder");
                }
            }
        }
        Duration duration = Duration.ofMillis(Math.round(minutes * 60_000));
        int operations = ops != null ? ops : (int) (duration.toSeconds() * 5);
        Path folder = work != null ? work.toAbsolutePath() : Files.createTempDirectory("kb-soak-");
        return new SoakPlan(
                seed != null ? seed : System.currentTimeMillis(),
                files,
                duration,
                operations,
                kills,
                brokerRestarts,
                folder,
                env);
    }
}
