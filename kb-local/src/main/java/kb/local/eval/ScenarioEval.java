package kb.local.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import kb.local.PipelineRun;

/**
 * Our own labelled scenario set (notes, runbooks, configs, code, Chinese frontmatter, off-topic questions),
 * shipped as resources: L0 accuracy, top-1 accuracy and the honesty gate's false-found / false-deflect
 * counts, through the served API (gate on).
 */
public final class ScenarioEval {

    /** @param expectedPath null for an off-topic question the gate must deflect */
    public record Question(String text, String expectedPath) {
        public boolean onTopic() {
            return expectedPath != null;
        }
    }

    /** What one question got. */
    public record Answer(Question question, boolean found, String top, String l0Top, double bestCosine,
                         boolean lexical, int l0Hits) {
    }

    public record Summary(int onTopic, int offTopic, int top1Correct, int l0Answered, int l0Correct,
                          int falseFound, int falseDeflect, List<Answer> answers) {
    }

    private ScenarioEval() {
    }

    public static List<Question> questions() {
        try (InputStream in = ScenarioEval.class.getResourceAsStream("/scenarios/questions.tsv")) {
            List<Question> questions = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t");
                questions.add(new Question(parts[0], parts[1].equals("-") ? null : parts[1]));
            }
            return questions;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the scenario knowledge base (from the classpath, jar or folder) into a folder; returns its paths. */
    public static List<String> copyKnowledgeBase(Path target) throws IOException {
        try {
            var url = ScenarioEval.class.getResource("/scenarios/kb");
            if ("jar".equals(url.getProtocol())) {
                try (FileSystem jar = FileSystems.newFileSystem(url.toURI(), Map.of())) {
                    return copyTree(jar.getPath("/scenarios/kb"), target);
                }
            }
            return copyTree(Path.of(url.toURI()), target);
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }

    private static List<String> copyTree(Path root, Path target) throws IOException {
        List<String> paths = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String relative = root.relativize(file).toString().replace('\\', '/');
                Path to = target.resolve(relative);
                Files.createDirectories(to.getParent());
                Files.copy(file, to);
                paths.add(relative);
            }
        }
        return paths.stream().sorted().toList();
    }

    /** The two API calls the scenario set needs. */
    public interface Api {
        JsonNode search(String query, String extraParams) throws IOException, InterruptedException;

        JsonNode get(String pathAndQuery) throws IOException, InterruptedException;
    }

    /** Asks every question through HTTP. */
    public static Summary ask(Api run) throws IOException, InterruptedException {
        List<Answer> answers = new ArrayList<>();
        for (Question q : questions()) {
            JsonNode response = run.search(q.text(), "");
            JsonNode gate = response.get("gate");
            JsonNode results = response.get("results");
            String top = results.isEmpty() ? "-" : results.get(0).get("path").asText();
            JsonNode lookup = run.get("/api/v1/lookup?query=" + java.net.URLEncoder.encode(q.text(), StandardCharsets.UTF_8));
            String l0Top = lookup.get("primary").isNull() ? null : lookup.get("primary").get("source").asText();
            answers.add(new Answer(q, response.get("found").asBoolean(), top, l0Top, gate.get("bestCosine").asDouble(),
                    gate.get("lexicalMatch").asBoolean(), gate.get("l0Hits").asInt()));
        }
        return summarize(answers);
    }

    static Summary summarize(List<Answer> answers) {
        int onTopic = 0, offTopic = 0, top1 = 0, l0Answered = 0, l0Correct = 0, falseFound = 0, falseDeflect = 0;
        for (Answer a : answers) {
            if (a.question().onTopic()) {
                onTopic++;
                top1 += a.found() && a.top().equals(a.question().expectedPath()) ? 1 : 0;
                falseDeflect += a.found() ? 0 : 1;
            } else {
                offTopic++;
                falseFound += a.found() ? 1 : 0;
            }
            if (a.l0Top() != null) {
                l0Answered++;
                l0Correct += a.l0Top().equals(a.question().expectedPath()) ? 1 : 0;
            }
        }
        return new Summary(onTopic, offTopic, top1, l0Answered, l0Correct, falseFound, falseDeflect, answers);
    }

    public static void print(Summary s) {
        for (Answer a : s.answers()) {
            System.out.printf("[scenario] %-50s found=%-5s top=%-28s cos=%.3f lexical=%-5s l0=%d%n", a.question().text(),
                    a.found(), a.top(), a.bestCosine(), a.lexical(), a.l0Hits());
        }
        System.out.printf("%nscenario set: %d on-topic, %d off-topic questions%n", s.onTopic(), s.offTopic());
        System.out.printf("top-1 accuracy     %d/%d%n", s.top1Correct(), s.onTopic());
        System.out.printf("L0 accuracy        %d/%d (questions L0 answered whose exact match is the expected document)%n",
                s.l0Correct(), s.l0Answered());
        System.out.printf("gate: false-found  %d/%d off-topic answered%n", s.falseFound(), s.offTopic());
        System.out.printf("gate: false-deflect %d/%d on-topic deflected%n", s.falseDeflect(), s.onTopic());
    }

    /** {@code kb eval --scenarios}: the scenario set through a fresh embedded pipeline. */
    public static Summary run(String kafka, String es, Map<String, String> settings) throws Exception {
        Path work = Files.createTempDirectory("kb-scenarios-");
        List<String> paths = copyKnowledgeBase(work.resolve("kb"));
        try (PipelineRun run = PipelineRun.start(work.resolve("kb"), work.resolve("data"), kafka, es, settings)) {
            run.awaitIndexed(paths.size(), java.time.Duration.ofMinutes(10));
            Summary summary = ask(run);
            print(summary);
            return summary;
        }
    }
}
