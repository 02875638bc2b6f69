package kb.core;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a chunk is in its document, so an answer can be cited ({@code runbooks/payments.md:42-57}) and opened at
 * the spot: lines of a text file as it is on disk (frontmatter included), pages of a PDF, slides of a presentation,
 * rows of a spreadsheet's sheet, cells of a notebook, paragraphs of a document without pages (a DOCX, an HTML page:
 * Word keeps no pages, the reader's layout makes them). 1-based and inclusive.
 *
 * @param unit  what {@code start} and {@code end} count
 * @param start the first line (page, slide, row, cell, paragraph), from 1
 * @param end   the last one, at least {@code start}
 * @param part  the sheet of a spreadsheet's rows, the heading path ({@code Setup > Install}) of a document's
 *              paragraphs, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Location(Unit unit, int start, int end, String part) {

    /** What a location counts; written in lower case in JSON and in the index. */
    public enum Unit {
        LINE,
        PAGE,
        SLIDE,
        ROW,
        CELL,
        /** A paragraph (heading, list item, table row) of a document without pages, counted from its top. */
        PARAGRAPH;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Unit of(String id) {
            return valueOf(id.toUpperCase(Locale.ROOT));
        }
    }

    public Location {
        Objects.requireNonNull(unit, "unit");
        if (start < 1 || end < start) {
            throw new IllegalArgumentException("a location runs from 1 up: " + start + "-" + end);
        }
    }

    public static Location lines(int start, int end) {
        return new Location(Unit.LINE, start, end, null);
    }

    /**
     * The spans of a run of chunks in document order: the locations of consecutive chunks (by ordinal) of the same
     * unit and part become one span, so a preview made of three neighbouring chunks cites one range.
     *
     * @param ordered pairs of (ordinal, location) in document order; null locations are left out
     */
    public static List<Location> spans(List<Placed> ordered) {
        List<Location> spans = new ArrayList<>();
        Placed last = null;
        for (Placed placed : ordered) {
            if (placed.location() == null) {
                continue;
            }
            Location previous = spans.isEmpty() ? null : spans.get(spans.size() - 1);
            if (previous != null
                    && last != null
                    && placed.ordinal() == last.ordinal() + 1
                    && previous.unit() == placed.location().unit()
                    && Objects.equals(previous.part(), placed.location().part())
                    && placed.location().start() >= previous.start()) {
                spans.set(
                        spans.size() - 1,
                        new Location(
                                previous.unit(),
                                previous.start(),
                                Math.max(previous.end(), placed.location().end()),
                                previous.part()));
            } else {
                spans.add(placed.location());
            }
            last = placed;
        }
        return spans;
    }

    /** A chunk's location with its position in the document, for {@link #spans}. */
    public record Placed(int ordinal, Location location) {}

    /**
     * How a person reads it: {@code lines 42-57}, {@code page 3}, {@code Sheet1 rows 2-40},
     * {@code Setup > Install paragraphs 4-9}.
     */
    @Override
    public String toString() {
        String name = unit.id();
        String range = start == end ? name + " " + start : name + "s " + start + "-" + end;
        return part == null ? range : part + " " + range;
    }
}
