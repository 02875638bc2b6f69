package kb.chunker.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Heading-aware markdown: one section per heading, whose header is the heading path {@code A > B}. The top
 * {@code # title} heading is left out of the path when it only repeats the title. Lines inside fenced code
 * blocks are never read as headings.
 */
public final class MarkdownChunker implements FormatChunker {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```+|~~~+)");

    private record Heading(int level, String text) {}

    @Override
    public List<Section> sections(String body, String title) {
        List<Section> sections = new ArrayList<>();
        List<Heading> path = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        String fence = null;
        for (String line : body.split("\n", -1)) {
            Matcher fenceMatch = FENCE.matcher(line);
            if (fenceMatch.find()) {
                String marker = fenceMatch.group(1).substring(0, 3);
                fence = fence == null ? marker : (fence.equals(marker) ? null : fence);
            }
            Matcher heading = fence == null ? HEADING.matcher(line) : null;
            if (heading != null && heading.matches()) {
                flush(sections, header(path, title), text);
                int level = heading.group(1).length();
                path.removeIf(h -> h.level() >= level);
                path.add(new Heading(level, heading.group(2).strip()));
            } else {
                text.append(line).append('\n');
            }
        }
        flush(sections, header(path, title), text);
        return sections;
    }

    private static void flush(List<Section> sections, String header, StringBuilder text) {
        String content = text.toString().strip();
        text.setLength(0);
        if (!content.isEmpty()) {
            sections.add(new Section(header, content));
        }
    }

    private static String header(List<Heading> path, String title) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < path.size(); i++) {
            Heading h = path.get(i);
            boolean repeatsTitle = i == 0
                    && h.level() == 1
                    && title != null
                    && h.text().toLowerCase(Locale.ROOT).equals(title.strip().toLowerCase(Locale.ROOT));
            if (!repeatsTitle && !h.text().isEmpty()) {
                parts.add(h.text());
            }
        }
        return parts.isEmpty() ? null : String.join(" > ", parts);
    }
}
