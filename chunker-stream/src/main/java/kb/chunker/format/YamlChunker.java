package kb.chunker.format;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YAML: split on {@code ---} document separators and top-level keys, each part's original text kept
 * (comments included, never re-dumped); the key is the section header. A top-level block larger than
 * the cap is split on its children ({@code services > gitlab}). Comments right above a key stay with it.
 */
public final class YamlChunker implements FormatChunker {

    private static final Pattern TOP_KEY = Pattern.compile("^(\"[^\"]+\"|'[^']+'|[^\\s#\\-][^:#]*?)\\s*:(\\s|$)");
    private static final Pattern CHILD_KEY =
            Pattern.compile("^(\\s+)(\"[^\"]+\"|'[^']+'|[^\\s#\\-][^:#]*?)\\s*:(\\s|$)");

    private final int maxChars;

    public YamlChunker(int maxChars) {
        this.maxChars = maxChars;
    }

    @Override
    public List<Section> sections(String body, String title) {
        List<Section> sections = new ArrayList<>();
        for (List<String> document : documents(body.split("\n", -1))) {
            List<Section> parts = new ArrayList<>();
            for (List<String> block : topLevelBlocks(document)) {
                String text = String.join("\n", block).strip();
                String key = keyOf(block);
                if (text.isEmpty()) {
                    continue;
                }
                if (text.length() > maxChars && key != null) {
                    parts.addAll(children(block, key));
                } else {
                    parts.add(new Section(key, text));
                }
            }
            // Small neighbours merge within a document, never across a separator.
            sections.addAll(SectionMerger.mergeSmall(parts, 200, maxChars));
        }
        return sections;
    }

    /** The YAML documents of a stream, split on {@code ---} and {@code ...} lines. */
    private static List<List<String>> documents(String[] lines) {
        List<List<String>> documents = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String line : lines) {
            if (line.equals("---") || line.startsWith("--- ") || line.equals("...")) {
                documents.add(current);
                current = new ArrayList<>();
            } else {
                current.add(line);
            }
        }
        documents.add(current);
        return documents;
    }

    /** Lines grouped per top-level key (or top-level list item); leading comments join the next key. */
    private static List<List<String>> topLevelBlocks(List<String> lines) {
        List<List<String>> blocks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        List<String> pendingComments = new ArrayList<>();
        for (String line : lines) {
            boolean comment = line.startsWith("#");
            if (comment || (line.isBlank() && !pendingComments.isEmpty())) {
                pendingComments.add(line);
                continue;
            }
            if (TOP_KEY.matcher(line).find() || line.startsWith("- ")) {
                if (!current.isEmpty()) {
                    blocks.add(current);
                }
                current = new ArrayList<>(pendingComments);
            } else {
                current.addAll(pendingComments);
            }
            pendingComments.clear();
            current.add(line);
        }
        flush(blocks, current, pendingComments);
        return blocks;
    }

    private static void flush(List<List<String>> blocks, List<String> current, List<String> pendingComments) {
        current.addAll(pendingComments);
        pendingComments.clear();
        if (!current.isEmpty()) {
            blocks.add(new ArrayList<>(current));
        }
        current.clear();
    }

    private static String keyOf(List<String> block) {
        for (String line : block) {
            Matcher m = TOP_KEY.matcher(line);
            if (m.find()) {
                return unquote(m.group(1).strip());
            }
            if (!line.isBlank() && !line.startsWith("#")) {
                return null;
            }
        }
        return null;
    }

    /**
     * An oversize block split on its first-level children, each headed {@code parent > child}; comment
     * lines right above a child go with it.
     */
    private static List<Section> children(List<String> block, String parent) {
        List<Section> sections = new ArrayList<>();
        String indent = null;
        String childKey = null;
        StringBuilder text = new StringBuilder();
        StringBuilder pending = new StringBuilder();
        for (String line : block) {
            if (line.strip().startsWith("#") || line.isBlank()) {
                pending.append(line).append('\n');
                continue;
            }
            Matcher m = CHILD_KEY.matcher(line);
            if (m.find() && (indent == null || m.group(1).equals(indent))) {
                indent = m.group(1);
                addChild(sections, parent, childKey, text);
                childKey = unquote(m.group(2).strip());
            }
            text.append(pending).append(line).append('\n');
            pending.setLength(0);
        }
        text.append(pending);
        addChild(sections, parent, childKey, text);
        return sections;
    }

    private static void addChild(List<Section> sections, String parent, String child, StringBuilder text) {
        String content = text.toString().strip();
        text.setLength(0);
        if (!content.isEmpty()) {
            sections.add(new Section(child == null ? parent : parent + " > " + child, content));
        }
    }

    private static String unquote(String key) {
        if (key.length() >= 2
                && (key.startsWith("\"") && key.endsWith("\"") || key.startsWith("'") && key.endsWith("'"))) {
            return key.substring(1, key.length() - 1);
        }
        return key;
    }
}
