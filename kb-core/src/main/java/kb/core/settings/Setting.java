package kb.core.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Predicate;

/**
 * One setting, declared once (in {@link KbSettings}): its name, how its value is read, its default, the rule a
 * value must follow, and a line saying what it does. {@link Settings#get(Setting)} reads it; a value that cannot be
 * read or breaks the rule stops the start with an error naming the setting.
 *
 * @param fallback the value when unset (an empty optional for a setting whose absence means "decide later")
 * @param rule     what a valid value is, for the error message; {@code valid} checks it
 */
public record Setting<T>(String name, T fallback, String doc, Reader<T> reader, Predicate<T> valid, String rule) {

    /** How a value is read from the settings, falling back to the default. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(Settings settings, String name, T fallback);
    }

    /** This setting, accepting only the values {@code valid} accepts ({@code rule} says which, in the error). */
    public Setting<T> requiring(Predicate<T> valid, String rule) {
        return new Setting<>(name, fallback, doc, reader, valid, rule);
    }

    /**
     * The setting's name in a configuration file: {@code KB_API_PORT} is {@code api-port} (the file also accepts
     * the environment's name, or dots and underscores for the dashes).
     */
    public String key() {
        String bare = name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name;
        return bare.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A list setting: a file may give its value as a YAML list. */
    public boolean isList() {
        return fallback instanceof List;
    }

    /** The value in force, as {@code kb config} prints it: unset optionals and nulls as {@code (unset)}. */
    public static String shownValue(Object value) {
        if (value == null
                || value instanceof OptionalInt i && i.isEmpty()
                || value instanceof OptionalDouble d && d.isEmpty()) {
            return "(unset)";
        }
        if (value instanceof OptionalInt present) {
            return Integer.toString(present.getAsInt());
        }
        if (value instanceof OptionalDouble present) {
            return Double.toString(present.getAsDouble());
        }
        if (value instanceof List<?> items) {
            return String.join(",", items.stream().map(String::valueOf).toList());
        }
        return value.toString();
    }

    private static final String PREFIX = "KB_";

    T readFrom(Settings settings) {
        T value = reader.read(settings, name, fallback);
        if (value != null && !valid.test(value)) {
            throw new IllegalArgumentException(name + " must be " + rule + ", got " + shown(value));
        }
        return value;
    }

    /** A number as written, anything else quoted. */
    private static String shown(Object value) {
        if (value instanceof OptionalInt present) {
            return shown(present.getAsInt());
        }
        if (value instanceof OptionalDouble present) {
            return shown(present.getAsDouble());
        }
        return value instanceof Number ? value.toString() : "'" + value + "'";
    }

    private static <T> Setting<T> of(String name, T fallback, String doc, Reader<T> reader) {
        return new Setting<>(name, fallback, doc, reader, value -> true, "any value");
    }

    public static Setting<String> text(String name, String fallback, String doc) {
        return of(name, fallback, doc, Settings::string);
    }

    public static Setting<Integer> whole(String name, int fallback, String doc) {
        return of(name, fallback, doc, Settings::integer);
    }

    public static Setting<OptionalInt> optionalWhole(String name, String doc) {
        return of(name, OptionalInt.empty(), doc, (settings, n, fallback) -> settings.optionalInteger(n));
    }

    public static Setting<Long> longWhole(String name, long fallback, String doc) {
        return of(name, fallback, doc, Settings::longValue);
    }

    public static Setting<Double> decimal(String name, double fallback, String doc) {
        return of(name, fallback, doc, Settings::decimal);
    }

    public static Setting<OptionalDouble> optionalDecimal(String name, String doc) {
        return of(
                name,
                OptionalDouble.empty(),
                doc,
                (settings, n, fallback) -> settings.string(n, null) == null
                        ? OptionalDouble.empty()
                        : OptionalDouble.of(settings.decimal(n, 0)));
    }

    /** ISO-8601 ({@code PT1S}) or a number of milliseconds. */
    public static Setting<Duration> duration(String name, Duration fallback, String doc) {
        return of(name, fallback, doc, Settings::duration);
    }

    public static Setting<Path> path(String name, Path fallback, String doc) {
        return of(name, fallback, doc, Settings::path);
    }

    /** Comma-separated, blanks dropped. */
    public static Setting<List<String>> list(String name, List<String> fallback, String doc) {
        return of(name, List.copyOf(fallback), doc, Settings::list);
    }

    /** {@code true} or {@code false}, any case; anything else is an error, not a silent false. */
    public static Setting<Boolean> flag(String name, boolean fallback, String doc) {
        return of(name, fallback, doc, (settings, n, f) -> {
            String value = settings.string(n, null);
            if (value == null) {
                return f;
            }
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException(n + " must be true or false, got '" + value + "'");
            };
        });
    }
}
