package kb.core;

import java.text.Normalizer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one form in which tags and frontmatter properties are stored for filtering and compared with a request's
 * {@code tag=} and {@code where=}: NFKC, lower case, {@code #} and surrounding space stripped. The indexer writes
 * these terms, the query API builds its filters and its in-memory checks from the same methods.
 */
public final class NoteFilters {

    private NoteFilters() {}

    /** {@code #Area/Sub } becomes {@code area/sub}; empty when nothing is left. */
    public static String tag(String tag) {
        String text = normalize(tag);
        while (text.startsWith("#")) {
            text = text.substring(1).strip();
        }
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        return text;
    }

    /** Each tag and its ancestors: a filter on {@code area} matches a note tagged {@code area/sub}. */
    public static List<String> tagPaths(List<String> tags) {
        Set<String> paths = new LinkedHashSet<>();
        for (String raw : tags) {
            String tag = tag(raw);
            for (int slash = tag.indexOf('/'); slash > 0; slash = tag.indexOf('/', slash + 1)) {
                paths.add(tag.substring(0, slash));
            }
            if (!tag.isEmpty()) {
                paths.add(tag);
            }
        }
        return List.copyOf(paths);
    }

    /** {@code name:value} for every value of every property, both sides normalised. */
    public static List<String> propertyTerms(Map<String, List<String>> properties) {
        Set<String> terms = new LinkedHashSet<>();
        properties.forEach((name, values) -> {
            for (String value : values) {
                terms.add(property(name, value));
            }
        });
        return List.copyOf(terms);
    }

    /** The filter term of one property value. */
    public static String property(String name, String value) {
        return normalize(name) + ":" + normalize(value);
    }

    static String normalize(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFKC)
                .toLowerCase(Locale.ROOT)
                .strip();
    }
}
