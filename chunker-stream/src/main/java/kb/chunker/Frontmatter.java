package kb.chunker;

import java.util.List;
import java.util.Map;

/**
 * The fields of a leading {@code ---} YAML block that the pipeline uses; the rest stays in metadata.
 *
 * @param title    frontmatter title, or null
 * @param keywords keywords from a YAML list or a comma string, never null
 * @param summary  summary, or null
 * @param metadata every field as parsed, kept but otherwise ignored
 */
public record Frontmatter(String title, List<String> keywords, String summary, Map<String, Object> metadata) {

    public Frontmatter {
        keywords = List.copyOf(keywords);
        metadata = metadata == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
    }
}
