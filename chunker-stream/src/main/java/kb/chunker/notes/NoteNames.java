package kb.chunker.notes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tags and aliases as notes apps write them in frontmatter: a YAML list or one string. Tags never hold spaces,
 * so a string of tags splits on commas and white space ({@code tags: linux, cli} or {@code tags: #linux #cli});
 * an alias may ({@code self hosted}), so a string of aliases splits on commas only.
 */
public final class NoteNames {

    private NoteNames() {}

    public static List<String> tags(Object value) {
        List<String> tags = new ArrayList<>();
        for (String item : items(value, "[,，、\\s]+")) {
            String tag = item.replaceFirst("^#+", "").strip();
            if (!tag.isEmpty()) {
                tags.add(tag);
            }
        }
        return distinct(tags);
    }

    public static List<String> aliases(Object value) {
        return distinct(items(value, "[,，、]"));
    }

    /** A list's items (each split again only if it is itself a list), or a string's parts. */
    private static List<String> items(Object value, String separators) {
        List<String> items = new ArrayList<>();
        if (value instanceof List<?> list) {
            for (Object item : list) {
                if (item != null && !(item instanceof Map) && !(item instanceof List)) {
                    items.add(String.valueOf(item).strip());
                }
            }
        } else if (value != null && !(value instanceof Map)) {
            for (String part : String.valueOf(value).split(separators)) {
                items.add(part.strip());
            }
        }
        items.removeIf(String::isEmpty);
        return items;
    }

    /** Authors repeat a tag ({@code linux, linux}) or change its case: the first spelling is kept. */
    public static List<String> distinct(List<String> names) {
        Map<String, String> seen = new LinkedHashMap<>();
        for (String name : names) {
            seen.putIfAbsent(name.toLowerCase(Locale.ROOT), name);
        }
        return List.copyOf(seen.values());
    }
}
