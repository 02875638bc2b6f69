package kb.chunker.notes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Splits a leading {@code ---} YAML block from the body. Safe loading with alias and size limits, since
 * the files are user input. Malformed frontmatter never drops a document: the body is still indexed.
 */
public final class FrontmatterParser {

    private static final Logger LOG = LoggerFactory.getLogger(FrontmatterParser.class);
    /**
     * The most of a block parsed whole: the default file cap ({@code KB_MAX_FILE_BYTES}, 1 MiB), so the frontmatter of
     * any file read by default is read whole (snakeyaml's own default, 3 MB, is larger; aliases are bounded apart).
     */
    public static final int MAX_FRONTMATTER_CODE_POINTS = 1024 * 1024;

    /** What a larger block is still read for: the fields that name and find the note. */
    public static final List<String> NAMED_FIELDS =
            List.of("title", "keywords", "summary", "description", "abstract", "tags", "tag", "aliases", "alias");

    private FrontmatterParser() {}

    /**
     * A YAML file has no frontmatter: its leading {@code ---} starts its first document (the YAML chunker splits
     * on those separators), and reading that document as frontmatter would drop it from the chunks.
     */
    public static ParsedDocument parse(String path, String format, String content) {
        if (format != null && List.of("yaml", "yml").contains(format.toLowerCase(Locale.ROOT))) {
            return new ParsedDocument(null, false, content.startsWith("\uFEFF") ? content.substring(1) : content);
        }
        return parse(path, content);
    }

    public static ParsedDocument parse(String path, String content) {
        String text = content.startsWith("\uFEFF") ? content.substring(1) : content;
        if (!startsWithFence(text)) {
            return new ParsedDocument(null, false, text);
        }
        int blockStart = text.indexOf('\n') + 1;
        int close = findClosingFence(text, blockStart);
        if (close < 0) {
            LOG.warn("{}: frontmatter has no closing '---'; indexing the body without metadata", path);
            return new ParsedDocument(null, false, text);
        }
        String yaml = text.substring(blockStart, close);
        int bodyStart = text.indexOf('\n', close);
        String body = bodyStart < 0 ? "" : text.substring(bodyStart + 1);
        int size = yaml.codePointCount(0, yaml.length());
        try {
            if (size > MAX_FRONTMATTER_CODE_POINTS) {
                return new ParsedDocument(
                        toFrontmatter(load(NamedFields.of(yaml, NAMED_FIELDS))),
                        true,
                        body,
                        "frontmatter too large: " + size + " characters, the limit is " + MAX_FRONTMATTER_CODE_POINTS
                                + "; only its " + String.join(", ", NAMED_FIELDS) + " are read");
            }
            return new ParsedDocument(toFrontmatter(load(yaml)), true, body);
        } catch (YAMLException | ClassCastException e) {
            LOG.warn(
                    "{}: frontmatter is not valid YAML ({}); indexing the body without metadata", path, e.getMessage());
            return new ParsedDocument(null, false, body);
        }
    }

    private static boolean startsWithFence(String text) {
        return text.startsWith("---\n") || text.startsWith("---\r\n");
    }

    /** Offset of the line that closes the block ({@code ---} or {@code ...}), or -1. */
    private static int findClosingFence(String text, int from) {
        int lineStart = from;
        while (lineStart < text.length()) {
            int lineEnd = text.indexOf('\n', lineStart);
            String line = (lineEnd < 0 ? text.substring(lineStart) : text.substring(lineStart, lineEnd)).strip();
            if (line.equals("---") || line.equals("...")) {
                return lineStart;
            }
            if (lineEnd < 0) {
                return -1;
            }
            lineStart = lineEnd + 1;
        }
        return -1;
    }

    private static Object load(String yaml) {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(20);
        options.setCodePointLimit(MAX_FRONTMATTER_CODE_POINTS);
        options.setAllowRecursiveKeys(false);
        return new Yaml(
                        new SafeConstructor(options),
                        new Representer(new DumperOptions()),
                        new DumperOptions(),
                        options,
                        new ScalarsAsWritten())
                .load(yaml);
    }

    /**
     * Plain scalars stay the text the author wrote: {@code title: 2024-01-15} is "2024-01-15", not a Date
     * printed as "Mon Jan 15 00:00:00 UTC 2024", and {@code 1.10} stays "1.10". Only an empty value (or
     * {@code null}, {@code ~}) is read as null, so a blank title still falls back to the heading.
     */
    private static final class ScalarsAsWritten extends Resolver {
        @Override
        protected void addImplicitResolvers() {
            addImplicitResolver(Tag.NULL, NULL, "~nN\0");
            addImplicitResolver(Tag.NULL, EMPTY, null);
        }
    }

    @SuppressWarnings("unchecked")
    private static Frontmatter toFrontmatter(Object loaded) {
        if (loaded == null) {
            return Frontmatter.EMPTY;
        }
        if (!(loaded instanceof Map)) {
            throw new YAMLException(
                    "frontmatter must be a mapping, got " + loaded.getClass().getSimpleName());
        }
        Map<String, Object> map = new LinkedHashMap<>();
        ((Map<Object, Object>) loaded).forEach((k, v) -> map.put(String.valueOf(k), v));
        return new Frontmatter(
                text(map.get("title")),
                keywords(map.get("keywords")),
                summary(map),
                NoteNames.tags(first(map, "tags", "tag")),
                NoteNames.aliases(first(map, "aliases", "alias")),
                map);
    }

    /** Static-site generators describe a page with {@code description} (or {@code abstract}), not {@code summary}. */
    private static String summary(Map<String, Object> map) {
        for (String field : List.of("summary", "description", "abstract")) {
            String text = text(map.get(field));
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    private static Object first(Map<String, Object> map, String... names) {
        for (String name : names) {
            if (map.get(name) != null) {
                return map.get(name);
            }
        }
        return null;
    }

    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        String text = String.valueOf(value).strip();
        return text.isEmpty() ? null : text;
    }

    /** A YAML list, or one string separated by commas (ASCII or full-width). */
    public static List<String> keywords(Object value) {
        List<String> keywords = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.stream().map(FrontmatterParser::text).filter(k -> k != null).forEach(keywords::add);
        } else if (value != null) {
            for (String part : String.valueOf(value).split("[,，、]")) {
                String keyword = part.strip();
                if (!keyword.isEmpty()) {
                    keywords.add(keyword);
                }
            }
        }
        return keywords;
    }
}
