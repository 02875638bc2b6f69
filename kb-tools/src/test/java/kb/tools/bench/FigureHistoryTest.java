package kb.tools.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FigureHistoryTest {

    @TempDir
    Path dir;

    private static final Figure P99 = Figure.atMost("hybrid search p99, 100,000 chunks, 1 client", 131, "ms", 50);
    private static final Figure RATIO = Figure.atLeast("ratio whole pipeline / embedder alone", 0.93, "", 0.9);

    @Test
    void shouldKeepEarlierRowsAndAppendEachRunsRowUnderItsFigureWhenWrittenAgain() throws Exception {
        Path report = dir.resolve("benchmarks.md");
        FigureHistory first = FigureHistory.read(report);
        first.append(List.of(P99, RATIO), "2026-12-05", "abc1234", "load 0.20");
        List<String> page = new ArrayList<>(List.of("# Benchmarks", "", "this run's tables"));
        page.addAll(first.lines());
        Files.write(report, page);

        FigureHistory second = FigureHistory.read(report);
        second.append(
                List.of(Figure.atMost("hybrid search p99, 100,000 chunks, 1 client", 42, "ms", 50)),
                "2026-12-06",
                "def5678",
                "load 0.30");
        List<String> lines = second.lines();

        int heading = lines.indexOf("### hybrid search p99, 100,000 chunks, 1 client (goal ≤ 50 ms)");
        assertTrue(heading >= 0, String.join("\n", lines));
        assertEquals("| 2026-12-05 | abc1234 | 131 ms | ≤ 50 ms | NOT met | load 0.20 |", lines.get(heading + 4));
        assertEquals("| 2026-12-06 | def5678 | 42.0 ms | ≤ 50 ms | met | load 0.30 |", lines.get(heading + 5));
        assertTrue(lines.contains("### ratio whole pipeline / embedder alone (goal ≥ 0.9)"));
        assertTrue(
                lines.contains("| 2026-12-05 | abc1234 | 0.930 | ≥ 0.9 | met | load 0.20 |"), String.join("\n", lines));
    }

    @Test
    void shouldSayNotMeasuredWhenAFigureHasNoValue() {
        Figure missing = Figure.atMost("restart to ready, 10,000 documents", Double.NaN, "s", 8);

        assertEquals("not measured", missing.valueText());
        assertEquals("–", missing.verdict());
    }
}
