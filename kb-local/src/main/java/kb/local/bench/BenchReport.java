package kb.local.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/** Collects the figures as they are measured, prints each line, and writes docs/benchmarks.md at the end. */
final class BenchReport {

    private final List<String> lines = new ArrayList<>();

    void section(String title) {
        add("");
        add("## " + title);
        add("");
    }

    void add(String line) {
        System.out.println(line);
        lines.add(line);
    }

    void write(Path file, String command) throws IOException {
        List<String> out = new ArrayList<>();
        out.add("# Benchmarks");
        out.add("");
        out.add("Written by `" + command + "` on " + LocalDate.now() + ". Machine: "
                + Runtime.getRuntime().availableProcessors() + " cores, "
                + (Runtime.getRuntime().maxMemory() >> 20) + " MB max heap for the benchmark JVM, Java "
                + System.getProperty("java.version") + ", " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch")
                + ". Each figure is compared with a baseline measured in the same run.");
        out.add("Retrieval quality is measured by `./kb eval` (see docs/evaluation.md).");
        out.addAll(lines);
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", out) + "\n");
    }
}
