package kb.chunker.notes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The frontmatter properties a {@code where=name:value} filter can match: those whose value is a scalar or a list
 * of scalars, as text. Nested mappings are left out (no note app filters on them), and so are long lists and
 * values, which are content rather than properties.
 */
public final class FrontmatterProperties {

    public static final int MAX_PROPERTIES = 64;
    public static final int MAX_VALUES = 64;
    public static final int MAX_VALUE_CHARS = 200;

    private FrontmatterProperties() {}

    public static Map<String, List<String>> of(Map<String, Object> metadata) {
        Map<String, List<String>> properties = new LinkedHashMap<>();
        for (Map.Entry<String, Object> field : metadata.entrySet()) {
            List<String> values = values(field.getValue());
            if (!values.isEmpty() && properties.size() < MAX_PROPERTIES) {
                properties.put(field.getKey(), values);
            }
        }
        return properties;
    }

    private static List<String> values(Object value) {
        List<String> values = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.stream().limit(MAX_VALUES).forEach(item -> add(values, item));
        } else {
            add(values, value);
        }
        return values;
    }

    private static void add(List<String> values, Object item) {
        if (item == null || item instanceof Map || item instanceof List) {
            return;
        }
        String text = String.valueOf(item).strip();
        if (!text.isEmpty() && text.length() <= MAX_VALUE_CHARS) {
            values.add(text);
        }
    }
}
