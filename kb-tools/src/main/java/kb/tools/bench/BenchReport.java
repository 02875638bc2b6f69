package kb.tools.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Collects the figures as they are measured, prints each line, and writes docs/benchmarks.md at the end: this run's
 * tables, every figure of issue 41 against its goal, and each figure's history (earlier runs' rows kept).
 */
final class BenchReport {

    private final List<String> lines = new ArrayList<>();
    private final List<Figure> figures = new ArrayList<>();

    void section(String title) {
        add("");
        add("## " + title);
        add("");
    }

    void add(String line) {
        System.out.println(line);
        lines.add(line);
    }

    /** A figure with a goal: printed in the summary and appended to its history. */
    void figure(Figure figure) {
        figures.add(figure);
    }

    /** Prints every figure against its goal (also the report's first section). */
    List<String> summary() {
        List<String> out = new ArrayList<>();
        out.add("");
        out.add("## Every figure against its goal (issue 41)");
        out.add("");
        out.add("| figure | value | goal | verdict |");
        out.add("|---|---|---|---|");
        for (Figure f : figures) {
            out.add(String.format("| %s | %s | %s | %s |", f.name(), f.valueText(), f.goalText(), f.verdict()));
        }
        return out;
    }

    void write(Path file, String command) throws IOException {
        List<String> summary = summary();
        summary.forEach(System.out::println);
        String commit = commit();
        FigureHistory history = FigureHistory.read(file);
        history.append(figures, LocalDate.now().toString(), commit, load());
        List<String> out = new ArrayList<>();
        out.add("# Benchmarks");
        out.add("");
        out.add("Written by `" + command + "` on " + LocalDate.now() + " at " + commit + ". Machine: "
                + Runtime.getRuntime().availableProcessors() + " cores, "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB max heap for the benchmark JVM, Java "
                + System.getProperty("java.version") + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ", " + load()
                + ". Each figure is compared with a baseline measured in the same run.");
        out.add("Retrieval quality is measured by `./kb eval` (see docs/evaluation.md).");
        out.addAll(summary);
        out.addAll(lines);
        out.addAll(history.lines());
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, String.join("\n", out) + "\n");
    }

    /** The machine's load average when the report is written: the bench shares its cores with whatever runs. */
    private static String load() {
        return String.format(
                "load %.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** The checked-out commit (short), {@code +changes} when the tree differs from it; {@code unknown} outside git. */
    private static String commit() {
        String head = git("rev-parse", "--short", "HEAD");
        if (head.isEmpty()) {
            return "unknown";
        }
        return git("status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "+changes";
    }

    private static String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            boolean done = process.waitFor(10, TimeUnit.SECONDS);
            return done && process.exitValue() == 0 ? out : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
