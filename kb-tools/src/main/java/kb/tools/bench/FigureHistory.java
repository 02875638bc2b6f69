package kb.tools.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history of each figure in docs/benchmarks.md: below {@link #MARKER}, one table per figure (its heading the
 * figure's name and goal), one row per run (date, commit, value, verdict). A run appends its rows and keeps every
 * earlier one, so a regression shows as a row worse than the one above it.
 */
final class FigureHistory {

    static final String MARKER = "<!-- history: kb bench appends a row per figure and run below; keep the headings -->";
    private static final String HEADING = "### ";
    private static final String HEADER = "| date | commit | value | goal | verdict | note |";

    private final Map<String, List<String>> rows;

    private FigureHistory(Map<String, List<String>> rows) {
        this.rows = rows;
    }

    /** The tables below the marker of an existing report (none when the file or the marker is absent). */
    static FigureHistory read(Path report) throws IOException {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        if (!Files.exists(report)) {
            return new FigureHistory(rows);
        }
        List<String> lines = Files.readAllLines(report);
        int from = lines.indexOf(MARKER);
        String heading = null;
        for (int i = from < 0 ? lines.size() : from + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith(HEADING)) {
                heading = line.substring(HEADING.length()).strip();
                rows.computeIfAbsent(heading, h -> new ArrayList<>());
            } else if (heading != null && line.startsWith("| ") && !line.equals(HEADER)) {
                rows.get(heading).add(line);
            }
        }
        return new FigureHistory(rows);
    }

    /** Appends this run's row to each figure's table (a new table for a new figure). */
    void append(List<Figure> figures, String date, String commit, String note) {
        for (Figure figure : figures) {
            rows.computeIfAbsent(heading(figure), h -> new ArrayList<>())
                    .add(String.format(
                            "| %s | %s | %s | %s | %s | %s |",
                            date, commit, figure.valueText(), figure.goalText(), figure.verdict(), note));
        }
    }

    static String heading(Figure figure) {
        return figure.name() + (figure.hasGoal() ? " (goal " + figure.goalText() + ")" : "");
    }

    /** The section: the marker, then each figure's table. */
    List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("");
        out.add("## History of each figure");
        out.add("");
        out.add(
                "One table per figure, a row per `kb bench` run (appended by the bench; rows measured by hand say so).");
        out.add(MARKER);
        rows.forEach((heading, table) -> {
            out.add("");
            out.add(HEADING + heading);
            out.add("");
            out.add(HEADER);
            out.add("|---|---|---|---|---|---|");
            out.addAll(table);
        });
        return out;
    }
}
