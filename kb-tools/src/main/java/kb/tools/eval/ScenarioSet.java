package kb.tools.eval;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A labelled scenario folder: {@code kb/} (the notes, indexed in place), {@code questions.tsv} (search
 * questions), {@code lookups.tsv} (keyword lookups) and {@code offtopic.txt} (questions the notes cannot
 * answer). The three query files are optional. In the tsv files each line is {@code text<TAB>expected}, split on
 * the first TAB only; {@code expected} holds one or more paths relative to {@code kb/}, joined by {@code |}.
 *
 * @param name      the folder's name (or "built-in")
 * @param kbDir     the notes folder, read where it is
 * @param questions search questions, each with its equally right pages
 * @param lookups   keyword lookups, each with its equally right pages
 * @param offTopic  questions whose right answer is "nothing found"
 */
public record ScenarioSet(
        String name, Path kbDir, List<Labelled> questions, List<Labelled> lookups, List<String> offTopic) {

    /** A query and the pages that answer it (any one of them counts). */
    public record Labelled(String text, List<String> expected) {
        public Labelled {
            expected = List.copyOf(expected);
        }
    }

    public ScenarioSet {
        questions = List.copyOf(questions);
        lookups = List.copyOf(lookups);
        offTopic = List.copyOf(offTopic);
    }

    /** Reads a scenario folder; its {@code kb/} folder must exist, each query file may be absent. */
    public static ScenarioSet load(Path dir) throws IOException {
        Path kb = dir.resolve("kb");
        if (!Files.isDirectory(kb)) {
            throw new IllegalArgumentException("no kb/ folder in " + dir);
        }
        Path name = dir.toAbsolutePath().normalize().getFileName();
        return new ScenarioSet(
                name == null ? dir.toString() : name.toString(),
                kb,
                labelled(read(dir.resolve("questions.tsv")), "questions.tsv"),
                labelled(read(dir.resolve("lookups.tsv")), "lookups.tsv"),
                lines(read(dir.resolve("offtopic.txt"))));
    }

    /**
     * Our own scenario set, shipped as classpath resources in the same format (no lookups): its notes are
     * copied into {@code kbDir} (a classpath folder cannot be indexed where it is), its questions read as they are.
     */
    public static ScenarioSet builtIn(Path kbDir) throws IOException {
        copyBuiltInKnowledgeBase(kbDir);
        return new ScenarioSet(
                "built-in",
                kbDir,
                labelled(resource("questions.tsv"), "questions.tsv"),
                List.of(),
                lines(resource("offtopic.txt")));
    }

    /** Questions, lookups and off-topic questions together. */
    public int size() {
        return questions.size() + lookups.size() + offTopic.size();
    }

    /** {@code text<TAB>expected} lines; blank lines are skipped, anything after the first TAB is the label. */
    static List<Labelled> labelled(String content, String file) {
        List<Labelled> rows = new ArrayList<>();
        List<String> lines = lines(content);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int tab = line.indexOf('\t');
            if (tab <= 0 || tab == line.length() - 1) {
                throw new IllegalArgumentException(
                        file + " line " + (i + 1) + ": expected 'text<TAB>path[|path]': " + line);
            }
            List<String> expected = Arrays.stream(line.substring(tab + 1).split("\\|"))
                    .map(String::strip)
                    .filter(p -> !p.isEmpty())
                    .toList();
            rows.add(new Labelled(line.substring(0, tab), expected));
        }
        return rows;
    }

    /** Non-blank lines, without a trailing CR. */
    static List<String> lines(String content) {
        return content.lines()
                .map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l)
                .filter(l -> !l.isBlank())
                .toList();
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }

    private static String resource(String name) {
        try (InputStream in = ScenarioSet.class.getResourceAsStream("/scenarios/" + name)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the built-in notes (from the classpath, jar or folder) into a folder; returns their sorted paths. */
    public static List<String> copyBuiltInKnowledgeBase(Path target) throws IOException {
        try {
            var url = ScenarioSet.class.getResource("/scenarios/kb");
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
                Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
                paths.add(relative);
            }
        }
        return paths.stream().sorted().toList();
    }
}
