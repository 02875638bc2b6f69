package kb.query.mcp;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import kb.core.Formats;
import kb.core.Location;
import kb.query.errors.BadRequestException;
import kb.search.es.ChunkDoc;

/**
 * A part of a document's text, in the document's own unit as its citations count it: lines of a text file as on
 * disk, pages of a PDF (its stored text ends each page with a form feed, as {@code pdftotext} does), else the
 * slides, rows, cells or paragraphs its chunks were cut from. 1-based and inclusive, as {@link Location}.
 *
 * @param unit  what start, end and total count; null for a document without parts (its whole text)
 * @param total how many of them the document has
 * @param text  the part's text; cut at {@link #MAX_CHARS} with {@code truncated} set
 */
record DocumentRange(Location.Unit unit, int start, int end, int total, String text, boolean truncated) {

    /** About 12,000 tokens: a long document is read in parts, not poured into an agent's context at once. */
    static final int MAX_CHARS = 50_000;

    /**
     * @param start the first unit asked for, null for the first
     * @param end   the last one, null for the last (or, with start alone, the document's end)
     */
    static DocumentRange of(String format, String content, List<ChunkDoc> chunks, Integer start, Integer end) {
        String text = content == null ? "" : content;
        if (!Formats.isExtracted(format)) {
            return ofParts(Location.Unit.LINE, lines(text), "\n", start, end);
        }
        if ("pdf".equals(format) || text.indexOf('\f') >= 0) {
            List<String> pages = Arrays.stream(text.split("\f", -1))
                    .map(DocumentRange::trimPage)
                    .toList();
            return ofParts(Location.Unit.PAGE, pages, "\n\n", start, end);
        }
        List<ChunkDoc> placed =
                chunks.stream().filter(c -> c.location() != null).toList();
        if (placed.isEmpty()) {
            if (start != null || end != null) {
                throw new BadRequestException("this document has no pages, slides or lines to ask by: leave out "
                        + "start and end to read it whole");
            }
            return cut(null, 1, 1, 1, text);
        }
        return ofChunks(placed, start, end);
    }

    /** The chunks whose location meets the range, in file order. */
    private static DocumentRange ofChunks(List<ChunkDoc> placed, Integer start, Integer end) {
        Location.Unit unit = placed.get(0).location().unit();
        int total = placed.stream()
                .filter(c -> c.location().unit() == unit)
                .mapToInt(c -> c.location().end())
                .max()
                .orElse(1);
        int[] range = range(unit, total, start, end);
        String text = placed.stream()
                .filter(c -> c.location().unit() == unit)
                .filter(c -> c.location().end() >= range[0] && c.location().start() <= range[1])
                .map(ChunkDoc::text)
                .filter(Objects::nonNull)
                .reduce((a, b) -> a + "\n\n" + b)
                .orElse("");
        return cut(unit, range[0], range[1], total, text);
    }

    private static DocumentRange ofParts(
            Location.Unit unit, List<String> parts, String joint, Integer start, Integer end) {
        int total = Math.max(1, parts.size());
        int[] range = range(unit, total, start, end);
        String text = parts.isEmpty() ? "" : String.join(joint, parts.subList(range[0] - 1, range[1]));
        return cut(unit, range[0], range[1], total, text);
    }

    /** The range asked, checked against the document: a start past its end is the caller's error, with the count. */
    private static int[] range(Location.Unit unit, int total, Integer start, Integer end) {
        int first = start == null ? 1 : start;
        int last = end == null ? total : Math.min(end, total);
        String units = unit.id() + "s";
        if (first > total) {
            throw new BadRequestException("start " + first + " is past the document's end: it has " + total + " "
                    + (total == 1 ? unit.id() : units));
        }
        if (last < first) {
            throw new BadRequestException("end " + end + " is before start " + first);
        }
        return new int[] {first, last};
    }

    private static DocumentRange cut(Location.Unit unit, int start, int end, int total, String text) {
        boolean truncated = text.length() > MAX_CHARS;
        return new DocumentRange(unit, start, end, total, truncated ? text.substring(0, MAX_CHARS) : text, truncated);
    }

    /** The file's lines as an editor numbers them: a final newline ends the last line, it starts none. */
    private static List<String> lines(String text) {
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return Arrays.stream(body.split("\n", -1))
                .map(line -> line.endsWith("\r") ? line.substring(0, line.length() - 1) : line)
                .toList();
    }

    private static String trimPage(String page) {
        return page.startsWith("\n") ? page.substring(1).stripTrailing() : page.stripTrailing();
    }

    /** How the part is cited: {@code notes/a.md:12-40}, {@code report.pdf, pages 3-4}. */
    String citation(String path) {
        if (unit == null) {
            return path;
        }
        if (unit == Location.Unit.LINE) {
            return path + ":" + start + (end > start ? "-" + end : "");
        }
        return path + ", " + unit.id() + (end > start ? "s " + start + "-" + end : " " + start);
    }
}
