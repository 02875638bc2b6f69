package kb.core.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * Typed reads over a flat name → value map (the environment, or flags turned into it), each with a
 * default. Config records read themselves through this once, at start; a bad value fails there, loudly.
 */
public final class Settings {

    private final Map<String, String> values;

    public Settings(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    public static Settings fromEnvironment() {
        return new Settings(System.getenv());
    }

    /** These settings with some values replaced (flags over environment). */
    public Settings with(Map<String, String> overrides) {
        Map<String, String> merged = new HashMap<>(values);
        merged.putAll(overrides);
        return new Settings(merged);
    }

    /** The value of a declared setting, or its default; a bad value fails naming the setting. */
    public <T> T get(Setting<T> setting) {
        return setting.readFrom(this);
    }

    public String string(String name, String fallback) {
        String value = values.get(name);
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    public int integer(String name, int fallback) {
        return parsed(name, fallback, Integer::parseInt, "a whole number");
    }

    /** A whole number that may be left unset, when its absence means "decide later" rather than a fixed default. */
    public OptionalInt optionalInteger(String name) {
        Integer value = parsed(name, null, Integer::valueOf, "a whole number");
        return value == null ? OptionalInt.empty() : OptionalInt.of(value);
    }

    public long longValue(String name, long fallback) {
        return parsed(name, fallback, Long::parseLong, "a whole number");
    }

    public double decimal(String name, double fallback) {
        return parsed(name, fallback, Double::parseDouble, "a number");
    }

    /** One place for "read, parse, or fail naming the setting and what it should have been". */
    private <T> T parsed(String name, T fallback, Function<String, T> parser, String what) {
        String value = string(name, null);
        if (value == null) {
            return fallback;
        }
        try {
            return parser.apply(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " must be " + what + ", got '" + value + "'", e);
        }
    }

    /** Durations as ISO-8601 ({@code PT1S}) or a number of milliseconds. */
    public Duration duration(String name, Duration fallback) {
        return parsed(
                name,
                fallback,
                value -> value.toUpperCase(Locale.ROOT).startsWith("P")
                        ? Duration.parse(value)
                        : Duration.ofMillis(Long.parseLong(value)),
                "a duration (PT1S or millis)");
    }

    public Path path(String name, Path fallback) {
        String value = string(name, null);
        return value == null ? fallback : Path.of(value);
    }

    /** Comma-separated list, blanks dropped. */
    public List<String> list(String name, List<String> fallback) {
        String value = string(name, null);
        if (value == null) {
            return fallback;
        }
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
