package kb.core.settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A configuration file ({@code kb.yaml}): any declared setting, by its key ({@code api-port}) or its environment
 * name ({@code KB_API_PORT}), nested maps joined with a dash ({@code api: {port: 8080}}), a list setting as a YAML
 * list. Every value is checked by its declaration when the file is read, so a mistake is named with the file and the
 * key before anything starts, never found by a service a minute later.
 */
public final class SettingsFile {

    private static final Map<String, Setting<?>> BY_KEY = byKey();

    /**
     * Read before kb's settings are: the kb script's JVM options, given to the JVM that then reads the file. A file
     * saying them would be silently ignored, so it is refused.
     */
    private static final Set<Setting<?>> ENVIRONMENT_ONLY = Set.of(KbSettings.JAVA_OPTS);

    private SettingsFile() {}

    /** The file's values under the environment's names; a bad key or value throws naming the file and the key. */
    public static Map<String, String> read(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /** {@link #read(Path)} of text already read; {@code source} names it in errors. */
    public static Map<String, String> parse(String yaml, String source) {
        Object root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            root = new Yaml(new SafeConstructor(options)).load(yaml);
        } catch (YAMLException e) {
            throw new IllegalArgumentException(source + ": not valid YAML: " + firstLine(e.getMessage()), e);
        }
        if (root == null) {
            return Map.of();
        }
        if (!(root instanceof Map<?, ?> top)) {
            throw new IllegalArgumentException(source + ": expected settings as 'key: value' lines, got a "
                    + root.getClass().getSimpleName().toLowerCase(Locale.ROOT));
        }
        Map<String, Object> flat = new LinkedHashMap<>();
        flatten("", top, flat);
        Map<String, String> values = new HashMap<>();
        Map<String, String> keyOf = new HashMap<>();
        flat.forEach((key, value) -> {
            Setting<?> setting = settingFor(key, source);
            if (ENVIRONMENT_ONLY.contains(setting)) {
                throw new IllegalArgumentException(
                        source + ": " + key + " is read from the environment only (set " + setting.name() + " there)");
            }
            String previous = keyOf.put(setting.name(), key);
            if (previous != null) {
                throw new IllegalArgumentException(
                        source + ": " + key + " and " + previous + " are the same setting (" + setting.key() + ")");
            }
            String text = text(setting, key, value, source);
            if (text != null) {
                checked(setting, key, text, source);
                values.put(setting.name(), text);
            }
        });
        return Map.copyOf(values);
    }

    /** Nested maps as dash-joined keys: {@code api: {port: 1}} is {@code api-port: 1}. */
    private static void flatten(String prefix, Map<?, ?> map, Map<String, Object> into) {
        map.forEach((k, v) -> {
            String key = prefix.isEmpty() ? String.valueOf(k) : prefix + "-" + k;
            if (v instanceof Map<?, ?> nested) {
                flatten(key, nested, into);
            } else {
                into.put(key, v);
            }
        });
    }

    private static Setting<?> settingFor(String key, String source) {
        Setting<?> setting = BY_KEY.get(normalized(key));
        if (setting == null) {
            String hint = closest(normalized(key))
                    .map(known -> " (did you mean '" + known + "'?)")
                    .orElse("");
            throw new IllegalArgumentException(
                    source + ": unknown setting '" + key + "'" + hint + "; docs/configuration.md lists them all");
        }
        return setting;
    }

    /** The value as the environment would carry it: a list joined with commas, a scalar as written; null: unset. */
    private static String text(Setting<?> setting, String key, Object value, String source) {
        if (value == null) {
            return null;
        }
        if (value instanceof List<?> items) {
            if (!setting.isList()) {
                throw new IllegalArgumentException(source + ": " + key + " takes one value, not a list");
            }
            return String.join(",", items.stream().map(String::valueOf).toList());
        }
        return String.valueOf(value);
    }

    /** The declaration reads the value alone, so its type and rule are checked here, with the file named. */
    private static void checked(Setting<?> setting, String key, String text, String source) {
        try {
            new Settings(Map.of(setting.name(), text)).get(setting);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + key + ": " + e.getMessage(), e);
        }
    }

    /** {@code KB_API_PORT}, {@code api_port}, {@code api.port} and {@code api-port} are one key. */
    static String normalized(String key) {
        String dashed = key.trim().toLowerCase(Locale.ROOT).replace('_', '-').replace('.', '-');
        return dashed.startsWith("kb-") ? dashed.substring(3) : dashed;
    }

    /** The declared key nearest to a misspelt one, when it is near enough to be what was meant. */
    static Optional<String> closest(String key) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String known : BY_KEY.keySet()) {
            int distance = distance(key, known);
            if (distance < bestDistance || distance == bestDistance && known.compareTo(best) < 0) {
                best = known;
                bestDistance = distance;
            }
        }
        return bestDistance <= Math.max(2, key.length() / 4) ? Optional.ofNullable(best) : Optional.empty();
    }

    /** Levenshtein distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    private static Map<String, Setting<?>> byKey() {
        Map<String, Setting<?>> byKey = new HashMap<>();
        KbSettings.ALL.forEach(setting -> byKey.put(setting.key(), setting));
        return Map.copyOf(byKey);
    }

    private static String firstLine(String message) {
        return message == null ? "" : message.lines().findFirst().orElse("");
    }
}
