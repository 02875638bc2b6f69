package kb.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the test JVMs of one {@code mvn -B test} write the tests they skipped for a missing tool, so the last of them
 * can print the whole build's list: Maven runs a module's tests in test JVMs of their own (the root pom's
 * {@code kb.test.forks}), and none of them sees the others.
 *
 * <p>The root pom gives every test JVM the same folder for the run ({@code target/skipped-for-missing-tools/<the
 * build's start time>}); a run's folders are removed by the next run. Each test JVM writes a file of its own, named by
 * its module and fork number, so two JVMs of one module never overwrite each other's list.
 *
 * @param runs the folder holding one folder per run
 * @param run this run's folder inside it
 */
record SkipLedger(Path runs, Path run) {

    /** The property (set by the root pom's surefire configuration) naming this run's folder. */
    static final String PROPERTY = "kb.testkit.skip-ledger";

    /** Writes this JVM's skips into {@code module}'s file of the run (replacing what a rerun of it wrote). */
    void write(String module, List<ToolSkip> skips) throws IOException {
        Files.createDirectories(run);
        List<String> lines = skips.stream().map(ToolSkip::line).toList();
        Files.write(
                run.resolve(module + ".tsv"),
                lines,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** Every skip this run's JVMs wrote so far, module by module. */
    List<ToolSkip> read() throws IOException {
        List<ToolSkip> skips = new ArrayList<>();
        if (!Files.isDirectory(run)) {
            return skips;
        }
        try (Stream<Path> files = Files.list(run)) {
            for (Path file : files.sorted().toList()) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        skips.add(ToolSkip.parse(line));
                    }
                }
            }
        }
        return skips;
    }

    /** Removes the folders of earlier runs. */
    void forgetOtherRuns() throws IOException {
        if (!Files.isDirectory(runs)) {
            return;
        }
        try (Stream<Path> folders = Files.list(runs)) {
            for (Path folder : folders.filter(f -> !f.equals(run)).toList()) {
                try (Stream<Path> files = Files.list(folder)) {
                    for (Path file : files.toList()) {
                        Files.deleteIfExists(file);
                    }
                }
                Files.deleteIfExists(folder);
            }
        }
    }
}
