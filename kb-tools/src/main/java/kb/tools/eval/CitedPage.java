package kb.tools.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import kb.local.ScenarioApi;

/**
 * "Cited page right": of the questions whose right PDF comes first in the served search, the share whose first
 * passage lies on a page that answers them ({@code answers-pages.tsv}: question, path, comma-separated pages).
 */
public final class CitedPage {

    /** The right pages of one question, by expected PDF path. */
    record Labelled(String question, Map<String, Set<Integer>> pages) {}

    /** @param pdfFirst questions whose first result is one of their PDFs; @param right those cited on a right page */
    public record Figure(int pdfFirst, int right, List<String> wrong) {

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "cited page right: %d/%d of the questions whose right PDF is first (answers-pages.tsv)%s",
                    right,
                    pdfFirst,
                    wrong.isEmpty() ? "" : "; wrong: " + String.join("; ", wrong));
        }
    }

    private CitedPage() {}

    /** Asks the served search once more for each labelled question; empty when the set labels no pages. */
    public static Optional<Figure> measure(ScenarioApi api, Path setDir) throws InterruptedException {
        Path file = setDir == null ? null : setDir.resolve("answers-pages.tsv");
        if (file == null || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        int pdfFirst = 0;
        int right = 0;
        List<String> wrong = new ArrayList<>();
        try {
            for (Labelled q : read(Files.readString(file, StandardCharsets.UTF_8))) {
                JsonNode first = api.search(q.question(), "").path("results").path(0);
                Set<Integer> pages = q.pages().get(first.path("path").asText());
                if (pages == null) {
                    continue;
                }
                pdfFirst++;
                JsonNode location = first.path("chunks").path(0).path("location");
                if (onPages(location, pages)) {
                    right++;
                } else {
                    wrong.add(q.question() + " -> p." + location.path("start").asText("?") + " not " + pages);
                }
            }
        } catch (IOException e) {
            return Optional.of(new Figure(pdfFirst, right, List.of("not measured: " + e.getMessage())));
        }
        return Optional.of(new Figure(pdfFirst, right, wrong));
    }

    static boolean onPages(JsonNode location, Set<Integer> pages) {
        if (!"page".equals(location.path("unit").asText())) {
            return false;
        }
        int start = location.path("start").asInt();
        int end = Math.max(start, location.path("end").asInt(start));
        return pages.stream().anyMatch(p -> p >= start && p <= end);
    }

    static List<Labelled> read(String tsv) {
        Map<String, Map<String, Set<Integer>>> byQuestion = new LinkedHashMap<>();
        for (String line : tsv.split("\n")) {
            String[] cols = line.split("\t");
            if (cols.length < 3) {
                continue;
            }
            Set<Integer> pages = new TreeSet<>();
            for (String p : cols[2].split(",")) {
                pages.add(Integer.parseInt(p.strip()));
            }
            byQuestion.computeIfAbsent(cols[0], k -> new LinkedHashMap<>()).put(cols[1].strip(), pages);
        }
        List<Labelled> out = new ArrayList<>();
        byQuestion.forEach((q, pages) -> out.add(new Labelled(q, pages)));
        return out;
    }
}
