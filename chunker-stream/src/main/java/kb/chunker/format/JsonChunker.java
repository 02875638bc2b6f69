package kb.chunker.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.core.Json;

/**
 * JSON: pretty-printed and split on top-level keys (key as section header) or, for a top-level array,
 * on its elements. A file that is not valid JSON is still indexed, as plain text.
 */
public final class JsonChunker implements FormatChunker {

    private final int maxChars;
    private final FormatChunker fallback;

    public JsonChunker(int maxChars, FormatChunker fallback) {
        this.maxChars = maxChars;
        this.fallback = fallback;
    }

    @Override
    public List<Section> sections(String body, String title) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            return fallback.sections(body, title);
        }
        if (root == null || !(root.isObject() || root.isArray())) {
            return fallback.sections(body, title);
        }
        List<Section> sections = new ArrayList<>();
        if (root.isObject()) {
            for (Map.Entry<String, JsonNode> field : root.properties()) {
                sections.add(new Section(field.getKey(), quote(field.getKey()) + ": " + pretty(field.getValue())));
            }
        } else {
            for (int i = 0; i < root.size(); i++) {
                sections.add(new Section(elementHeader(root.get(i), i), pretty(root.get(i))));
            }
        }
        return SectionMerger.mergeSmall(sections, 200, maxChars);
    }

    /** An element is named by its "name", "id" or "title" when it has one. */
    private static String elementHeader(JsonNode element, int index) {
        for (String field : List.of("name", "id", "title")) {
            if (element.isObject()
                    && element.hasNonNull(field)
                    && element.get(field).isValueNode()) {
                return element.get(field).asText();
            }
        }
        return "[" + index + "]";
    }

    private static String pretty(JsonNode node) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }

    private static String quote(String key) {
        try {
            return Json.MAPPER.writeValueAsString(key);
        } catch (JsonProcessingException e) {
            return '"' + key + '"';
        }
    }
}
