package kb.chunker.notes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Obsidian's markdown extensions read as a person sees them, for the chunk text (display and enrichment):
 * {@code %%comments%%} dropped, callouts {@code > [!note] Title} shown as a labelled block, block ids
 * {@code ^abc123} removed, {@code [[wikilinks]]} and embeds {@code ![[Note]]} replaced by the text they show.
 * The link targets and the inline {@code #tags} are collected on the way. Code (fenced blocks, inline spans)
 * is left exactly as written. Every line stays where it was (a dropped comment leaves its line breaks), so a
 * location counted in the cleaned text is a location in the file.
 *
 * @param text   the cleaned text
 * @param links  wikilink targets in order of appearance, without anchors, each once
 * @param tags   inline tags in order of appearance, {@code #} stripped, each once
 */
public record ObsidianMarkup(String text, List<String> links, List<String> tags) {

    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```+|~~~+)");
    private static final Pattern WIKILINK = Pattern.compile("!?\\[\\[([^\\[\\]|\\n]*?)(?:\\|([^\\[\\]\\n]*?))?]]");
    private static final Pattern CALLOUT = Pattern.compile("^(\\s*>\\s*)\\[!([A-Za-z][\\w-]*)][+-]?\\s*(.*)$");
    private static final Pattern BLOCK_ID = Pattern.compile("\\s+\\^[A-Za-z0-9-]+\\s*$");
    /** Obsidian's tag: after a space or at a line's start, letters, digits, {@code _ - /}, not only digits. */
    private static final Pattern INLINE_TAG =
            Pattern.compile("(?:^|(?<=\\s))#([\\p{L}\\p{N}_/-]*[\\p{L}_][\\p{L}\\p{N}_/-]*)");

    private static final Pattern INLINE_CODE = Pattern.compile("(`+)(.+?)\\1");

    public static ObsidianMarkup clean(String body) {
        List<String> links = new ArrayList<>();
        List<String> tags = new ArrayList<>();
        String text = withoutComments(body);
        StringBuilder out = new StringBuilder(text.length());
        String fence = null;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Matcher fenceMatch = FENCE.matcher(line);
            if (fenceMatch.find()) {
                String marker = fenceMatch.group(1).substring(0, 3);
                fence = fence == null ? marker : (fence.equals(marker) ? null : fence);
                out.append(line);
            } else {
                out.append(fence == null ? cleanLine(line, links, tags) : line);
            }
            if (i < lines.length - 1) {
                out.append('\n');
            }
        }
        return new ObsidianMarkup(out.toString(), NoteNames.distinct(links), NoteNames.distinct(tags));
    }

    /** {@code %%...%%}, on one line or across several: the text goes, its line breaks stay. */
    private static String withoutComments(String body) {
        if (!body.contains("%%")) {
            return body;
        }
        StringBuilder out = new StringBuilder(body.length());
        int at = 0;
        while (true) {
            int open = body.indexOf("%%", at);
            int close = open < 0 ? -1 : body.indexOf("%%", open + 2);
            if (close < 0) {
                return out.append(body, at, body.length()).toString();
            }
            out.append(body, at, open);
            body.substring(open, close + 2).chars().filter(c -> c == '\n').forEach(c -> out.append('\n'));
            at = close + 2;
        }
    }

    private static String cleanLine(String line, List<String> links, List<String> tags) {
        Matcher callout = CALLOUT.matcher(line);
        if (callout.matches()) {
            String type = callout.group(2);
            String label = type.substring(0, 1).toUpperCase(Locale.ROOT)
                    + type.substring(1).toLowerCase(Locale.ROOT);
            line = callout.group(1) + "**" + label + ":** " + callout.group(3);
        }
        line = BLOCK_ID.matcher(line).replaceFirst("");
        StringBuilder out = new StringBuilder(line.length());
        Matcher code = INLINE_CODE.matcher(line);
        int at = 0;
        while (code.find()) {
            out.append(outsideCode(line.substring(at, code.start()), links, tags))
                    .append(code.group());
            at = code.end();
        }
        return out.append(outsideCode(line.substring(at), links, tags))
                .toString()
                .stripTrailing();
    }

    private static String outsideCode(String text, List<String> links, List<String> tags) {
        Matcher tag = INLINE_TAG.matcher(text);
        while (tag.find()) {
            tags.add(tag.group(1).replaceAll("/+$", ""));
        }
        Matcher link = WIKILINK.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (link.find()) {
            Wikilink parsed = Wikilink.parse(link.group(1), link.group(2));
            if (!parsed.target().isEmpty()) {
                links.add(parsed.target());
            }
            link.appendReplacement(out, Matcher.quoteReplacement(parsed.shown()));
        }
        link.appendTail(out);
        return out.toString();
    }

    /**
     * One {@code [[target#anchor|shown]]}.
     *
     * @param target the note named, without anchor (empty for a link inside the same note)
     * @param anchor heading or block ({@code ^id}) after {@code #}, or empty
     * @param shown  the text a reader sees: the alias after {@code |}, else the target and heading
     */
    public record Wikilink(String target, String anchor, String shown) {

        static Wikilink parse(String inside, String alias) {
            int hash = inside.indexOf('#');
            String target = (hash < 0 ? inside : inside.substring(0, hash)).strip();
            String anchor = hash < 0 ? "" : inside.substring(hash + 1).strip();
            String heading = anchor.startsWith("^") ? "" : anchor.replace("#", " > ");
            String shown;
            if (alias != null && !alias.isBlank()) {
                shown = alias.strip();
            } else if (heading.isEmpty()) {
                shown = target;
            } else {
                shown = target.isEmpty() ? heading : target + " > " + heading;
            }
            return new Wikilink(target, anchor, shown);
        }
    }
}
