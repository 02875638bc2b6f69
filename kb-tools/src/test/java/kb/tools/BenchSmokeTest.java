package kb.tools;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import kb.infra.Infrastructure;
import kb.testkit.SharedInfrastructure;
import kb.tools.bench.BenchCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny run of {@code kb bench}, so the command cannot rot (the full runs are manual). A class of its own: it is the
 * longest of the smoke runs, and a test JVM beside it takes the others.
 */
class BenchSmokeTest {

    @TempDir
    Path dir;

    @Test
    void shouldRunBenchOnATinyCorpusAndWriteTheReport() throws Exception {
        Infrastructure infra = SharedInfrastructure.get();
        Path out = dir.resolve("benchmarks.md");
        BenchCommand.run(
                SmokeRuns.tinyDataset(dir),
                new BenchCommand.Sizes(20, 4, 2, 200, 120, 50),
                out,
                infra.bootstrapServers(),
                infra.elasticsearchUrl(),
                SmokeRuns.isolated());
        String report = Files.readString(out);
        for (String section : List.of(
                "L0 keyword lookup",
                "Ingest throughput",
                "Query latency",
                "Freshness",
                "Edits: embeddings computed",
                "Extraction (20 PDFs, 200 pages",
                "Startup: restart with documents already indexed")) {
            assertTrue(report.contains(section), section + " missing from\n" + report);
        }
        assertTrue(report.contains("| one section of a 50-section document | 1 | 1 |"), report);
        assertTrue(report.contains("| rename of that document | 0 | 0 |"), report);
        assertTrue(report.contains("(index: 120 chunks"), report);
        assertTrue(report.contains("(50 synthetic cards)"), report);
    }
}
