package kb.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Our own labelled scenario set: a small tech-notes knowledge base (notes, runbooks, configs, code, Chinese
 * frontmatter) and questions with the document that must come first, or "-" for off-topic questions the
 * honesty gate must deflect.
 */
final class ScenarioSet {

    /** @param expectedPath null for an off-topic question */
    record Question(String text, String expectedPath) {
        boolean onTopic() {
            return expectedPath != null;
        }
    }

    private ScenarioSet() {
    }

    static Path knowledgeBase() {
        try {
            return Path.of(ScenarioSet.class.getResource("/scenarios/kb").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> documentPaths() throws IOException {
        Path root = knowledgeBase();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted().toList();
        }
    }

    static void copyInto(Path target) throws IOException {
        Path root = knowledgeBase();
        for (String path : documentPaths()) {
            Path to = target.resolve(path);
            Files.createDirectories(to.getParent());
            Files.copy(root.resolve(path), to);
        }
    }

    static List<Question> questions() {
        try (InputStream in = ScenarioSet.class.getResourceAsStream("/scenarios/questions.tsv")) {
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
}
