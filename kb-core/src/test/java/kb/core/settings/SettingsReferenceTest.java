package kb.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The configuration reference (docs/configuration.md) and the README's table of the settings people change say
 * what {@link KbSettings} declares: every declared setting has a row, every row names a declared setting, and a
 * default written as a value is the declared default.
 */
class SettingsReferenceTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern TICKED = Pattern.compile("`([^`]*)`");
    private static final Map<String, Setting<?>> DECLARED =
            KbSettings.ALL.stream().collect(Collectors.toMap(Setting::name, Function.identity()));

    /** A table row: the settings it names and the values its default column writes in backticks. */
    private record Row(List<String> names, List<String> defaults) {}

    @Test
    void shouldDeclareEachSettingOnceWithAName() {
        assertEquals(KbSettings.ALL.size(), DECLARED.size(), "a name declared twice");
        KbSettings.ALL.forEach(s -> assertTrue(s.name().matches("KB_[A-Z0-9_]+"), s.name()));
    }

    @Test
    void shouldGiveEveryDeclaredSettingARowOfTheReferenceAndNothingElse() throws IOException {
        Set<String> documented = new TreeSet<>();
        rows(ROOT.resolve("docs/configuration.md")).forEach(r -> documented.addAll(r.names()));
        assertEquals(new TreeSet<>(DECLARED.keySet()), documented);
    }

    @Test
    void shouldDocumentTheDeclaredDefaults() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path file : List.of(ROOT.resolve("docs/configuration.md"), ROOT.resolve("README.md"))) {
            for (Row row : rows(file)) {
                row.names().forEach(n -> assertTrue(DECLARED.containsKey(n), file + " names undeclared " + n));
                if (row.names().size() != row.defaults().size()) {
                    continue; // a default in words ("the folder's name"), not a value
                }
                for (int i = 0; i < row.names().size(); i++) {
                    Setting<?> setting = DECLARED.get(row.names().get(i));
                    String written = row.defaults().get(i);
                    if (!matches(setting.fallback(), written)) {
                        wrong.add(file.getFileName() + ": " + setting.name() + " says " + written + ", declared "
                                + setting.fallback());
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    private static boolean matches(Object declared, String written) {
        if (declared == null || declared instanceof OptionalInt || declared instanceof OptionalDouble) {
            return false; // "none" or words in the reference: no value to compare
        }
        if (declared instanceof Duration duration) {
            return duration.equals(written.startsWith("P") ? Duration.parse(written) : millis(written));
        }
        if (declared instanceof Number number) {
            return number.doubleValue() == Double.parseDouble(written);
        }
        if (declared instanceof Path path) {
            return path.equals(Path.of(written.replaceFirst("^~", System.getProperty("user.home"))));
        }
        if (declared instanceof List<?> list) {
            return String.join(",", list.stream().map(String::valueOf).toList()).equals(written);
        }
        return declared.toString().equals(written);
    }

    private static Duration millis(String written) {
        return Duration.ofMillis(Long.parseLong(written));
    }

    /** The rows of the file's tables whose first column names settings. */
    private static List<Row> rows(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] cells = line.split("\\|");
            if (line.startsWith("| `KB_") && cells.length > 2) {
                rows.add(new Row(ticked(cells[1]), ticked(cells[2])));
            }
        }
        return rows;
    }

    private static List<String> ticked(String cell) {
        List<String> values = new ArrayList<>();
        Matcher m = TICKED.matcher(cell);
        while (m.find()) {
            values.add(m.group(1));
        }
        return values;
    }
}
