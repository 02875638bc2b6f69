package kb.tools.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import kb.local.HttpApi;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Option;

/**
 * {@code kb calibrate --questions FILE --offtopic FILE [--api URL] [--write FILE]}: the honesty gate's cosine
 * threshold checked on a user's own labelled questions against a running kb. Each question is asked once with
 * the gate off; its evidence (a specific keyword, lexical evidence, best cosine) then says for every candidate
 * threshold whether it would be answered. Prints false-found (off-topic answered) and false-deflect (on-topic
 * deflected) per threshold, recommends the middle of the best range and, with {@code --write}, writes it as
 * {@code KB_GATE_MIN_COSINE} into a settings file that {@code kb up --data DIR} reads
 * ({@code DIR/settings.properties}).
 */
@Command(
        name = "calibrate",
        header = "Choose the honesty gate's cosine threshold from your own labelled questions.",
        description = "Asks a running kb every question with the gate off and prints, per candidate threshold,"
                + " off-topic questions answered and on-topic ones deflected; --write stores the recommended"
                + " KB_GATE_MIN_COSINE in a settings file (kb up --data DIR reads DIR/settings.properties).")
public final class CalibrateCommand implements Callable<Integer> {

    @Option(
            names = "--questions",
            paramLabel = "FILE",
            required = true,
            description = "On-topic questions, one a line (a question<TAB>expected file works too).")
    Path questions;

    @Option(
            names = "--offtopic",
            paramLabel = "FILE",
            required = true,
            description = "Off-topic questions, one a line.")
    Path offTopic;

    @Option(
            names = "--api",
            paramLabel = "URL",
            defaultValue = "http://localhost:8080",
            description = "The running kb (default ${DEFAULT-VALUE}).")
    String api;

    @Option(
            names = "--write",
            paramLabel = "FILE",
            description = "Store the recommended threshold in this settings file.")
    Path write;

    @Override
    public Integer call() throws Exception {
        run(questions, offTopic, api, write);
        return ExitCode.OK;
    }

    /** What one question's search said, with the gate off. */
    record Evidence(String question, boolean onTopic, boolean exact, double bestCosine) {

        boolean foundAt(double threshold) {
            return exact || bestCosine >= threshold;
        }
    }

    /** One candidate threshold's errors. */
    record Row(double threshold, int falseFound, int falseDeflect) {
        int errors() {
            return falseFound + falseDeflect;
        }
    }

    private static final double FROM = 0.30;
    private static final double TO = 0.95;
    private static final double STEP = 0.01;

    public static double run(Path questions, Path offTopic, String apiUrl, Path write) throws Exception {
        HttpApi api = new HttpApi(apiUrl);
        List<Evidence> evidence = new ArrayList<>();
        for (String q : questionsOf(questions)) {
            evidence.add(ask(api, q, true));
        }
        for (String q : questionsOf(offTopic)) {
            evidence.add(ask(api, q, false));
        }
        List<Row> rows = table(evidence);
        double chosen = recommend(rows);
        print(evidence, rows, chosen, api.get("/api/v1/status").path("gate"));
        if (write != null) {
            writeSetting(write, chosen);
            System.out.printf(Locale.ROOT, "wrote KB_GATE_MIN_COSINE=%.2f to %s%n", chosen, write);
        }
        return chosen;
    }

    /** Lines of a file; of a {@code question<TAB>expected} file, the question. Blank and # lines are skipped. */
    static List<String> questionsOf(Path file) throws IOException {
        List<String> questions = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String question = line.split("\t", 2)[0].strip();
            if (!question.isEmpty() && !question.startsWith("#")) {
                questions.add(question);
            }
        }
        return questions;
    }

    private static Evidence ask(HttpApi api, String question, boolean onTopic) throws Exception {
        JsonNode gate = api.search(question, "&gate=false&k=1").get("gate");
        boolean exact =
                gate.path("l0Hits").asInt() > 0 || gate.path("lexicalMatch").asBoolean();
        return new Evidence(question, onTopic, exact, gate.path("bestCosine").asDouble(-1));
    }

    static List<Row> table(List<Evidence> evidence) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; FROM + i * STEP <= TO + 1e-9; i++) {
            double t = Math.round((FROM + i * STEP) * 100) / 100.0;
            int falseFound = (int)
                    evidence.stream().filter(e -> !e.onTopic() && e.foundAt(t)).count();
            int falseDeflect = (int)
                    evidence.stream().filter(e -> e.onTopic() && !e.foundAt(t)).count();
            rows.add(new Row(t, falseFound, falseDeflect));
        }
        return rows;
    }

    /** The middle of the longest run of thresholds with the fewest errors (safest against noise on both sides). */
    static double recommend(List<Row> rows) {
        int fewest = rows.stream().mapToInt(Row::errors).min().orElse(0);
        int bestStart = 0;
        int bestLength = 0;
        for (int i = 0; i < rows.size(); ) {
            int j = i;
            while (j < rows.size() && rows.get(j).errors() == fewest) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(j, i + 1);
        }
        return rows.get(bestStart + (bestLength - 1) / 2).threshold();
    }

    private static void print(List<Evidence> evidence, List<Row> rows, double chosen, JsonNode inForce) {
        for (Evidence e : evidence) {
            System.out.printf(
                    Locale.ROOT,
                    "[calibrate] %-9s cos=%.3f exact=%-5s %s%n",
                    e.onTopic() ? "on-topic" : "off-topic",
                    e.bestCosine(),
                    e.exact(),
                    e.question());
        }
        System.out.printf(
                "%nthreshold  false-found  false-deflect   (%d on-topic, %d off-topic)%n",
                evidence.stream().filter(Evidence::onTopic).count(),
                evidence.stream().filter(e -> !e.onTopic()).count());
        for (Row row : rows) {
            System.out.printf(
                    Locale.ROOT,
                    "%9.2f  %11d  %13d%s%n",
                    row.threshold(),
                    row.falseFound(),
                    row.falseDeflect(),
                    row.threshold() == chosen ? "   <- recommended" : "");
        }
        System.out.println("in force now: " + inForce);
    }

    private static void writeSetting(Path file, double value) throws IOException {
        List<String> lines = new ArrayList<>();
        if (Files.exists(file)) {
            Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.startsWith("KB_GATE_MIN_COSINE="))
                    .forEach(lines::add);
        }
        lines.add(String.format(Locale.ROOT, "KB_GATE_MIN_COSINE=%.2f", value));
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }
}
