package kb.chunker.notes;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of a leading {@code ---} YAML block that the pipeline uses; the rest stays in metadata.
 *
 * @param title    frontmatter title, or null
 * @param keywords keywords from a YAML list or a comma string, never null
 * @param summary  {@code summary}, else {@code description} (Hugo, Docusaurus, Jekyll), else {@code abstract}; or null
 * @param tags     {@code tags} (or {@code tag}) as notes apps write them, {@code #} stripped; never null
 * @param aliases  {@code aliases} (or {@code alias}): other names of the note; never null
 * @param metadata every field as parsed, kept for property filters
 */
public record Frontmatter(
        String title,
        List<String> keywords,
        String summary,
        List<String> tags,
        List<String> aliases,
        Map<String, Object> metadata) {

    public static final Frontmatter EMPTY = new Frontmatter(null, List.of(), null, List.of(), List.of(), Map.of());

    public Frontmatter {
        keywords = List.copyOf(keywords);
        tags = List.copyOf(tags);
        aliases = List.copyOf(aliases);
        metadata = metadata == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }
}
