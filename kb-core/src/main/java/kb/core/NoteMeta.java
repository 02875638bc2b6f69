package kb.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What notes apps write about a note beside its title: Obsidian/Logseq {@code tags} (frontmatter and inline
 * {@code #tags}) and {@code aliases}, the targets of its {@code [[wikilinks]]}, and every frontmatter property
 * that has a scalar or list value (for {@code where=} filters).
 *
 * @param tags       tags as written, {@code #} stripped, nested ones ({@code area/sub}) whole; never null
 * @param aliases    other names of the note; never null
 * @param links      wikilink targets as written, without heading or block anchor; never null
 * @param properties frontmatter property name to its values as text; never null
 */
public record NoteMeta(
        List<String> tags, List<String> aliases, List<String> links, Map<String, List<String>> properties) {

    public static final NoteMeta NONE = new NoteMeta(List.of(), List.of(), List.of(), Map.of());

    public NoteMeta {
        tags = tags == null ? List.of() : List.copyOf(tags);
        aliases = aliases == null ? List.of() : List.copyOf(aliases);
        links = links == null ? List.of() : List.copyOf(links);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        if (properties != null) {
            properties.forEach((k, v) -> copy.put(k, v == null ? List.of() : List.copyOf(v)));
        }
        properties = Collections.unmodifiableMap(copy);
    }

    /** Every tag and each of its ancestors, in filter form: {@code Area/Sub} gives {@code area}, {@code area/sub}. */
    public List<String> tagPaths() {
        return NoteFilters.tagPaths(tags);
    }

    /** Every property value in filter form, {@code name:value}. */
    public List<String> propertyTerms() {
        return NoteFilters.propertyTerms(properties);
    }
}
