package kb.ingest.extract;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * A PDF's heading as a reader sees it: the line (or the few lines in a row) in the largest type on its first page,
 * when that type is clearly larger than the page's body text. Only upright text counts: a stamp along the margin
 * (arXiv's) is not the title. Not thread-safe: one document at a time.
 */
final class PdfHeading extends PDFTextStripper {

    /** The heading's type is at least this much larger than the type most of page 1's characters are in. */
    static final float LARGER_THAN_BODY = 1.2f;
    /** Lines in type this close to the largest are the heading's too (a title set over two or three lines). */
    static final float SAME_SIZE = 0.95f;

    private static final int MAX_LINES = 3;
    private static final int MAX_CHARS = 200;
    private static final int MIN_LETTERS = 3;

    /** A line of page 1: its text and the largest type in it. */
    record Line(String text, float size) {}

    private final List<Line> lines = new ArrayList<>();
    private final Map<Float, Integer> charsBySize = new HashMap<>();
    private final StringBuilder line = new StringBuilder();
    private float size;

    private PdfHeading() {
        setSortByPosition(false);
        setStartPage(1);
        setEndPage(1);
    }

    /** The heading of the PDF's first page; empty when page 1 has no type larger than its body. */
    static Optional<String> of(Path file) throws IOException {
        try (PDDocument document = Loader.loadPDF(file.toFile())) {
            PdfHeading stripper = new PdfHeading();
            stripper.writeText(document, Writer.nullWriter());
            stripper.endLine();
            return heading(stripper.lines, bodySize(stripper.charsBySize));
        }
    }

    /** The first run of lines in the largest type, if that type stands out from the body's. */
    static Optional<String> heading(List<Line> lines, float body) {
        float largest = (float) lines.stream()
                .filter(l -> letters(l.text()) >= MIN_LETTERS)
                .mapToDouble(Line::size)
                .max()
                .orElse(0);
        if (largest <= 0 || largest < body * LARGER_THAN_BODY) {
            return Optional.empty();
        }
        List<String> heading = new ArrayList<>();
        for (Line l : lines) {
            boolean large = l.size() >= largest * SAME_SIZE;
            if (large && heading.size() < MAX_LINES) {
                heading.add(l.text());
            } else if (!heading.isEmpty()) {
                break;
            }
        }
        String text = String.join(" ", heading).replaceAll("\\s+", " ").strip();
        if (text.length() > MAX_CHARS) {
            int cut = text.lastIndexOf(' ', MAX_CHARS);
            text = text.substring(0, cut > 0 ? cut : MAX_CHARS);
        }
        return letters(text) >= MIN_LETTERS ? Optional.of(text) : Optional.empty();
    }

    /** The type size most of the page's characters are set in. */
    static float bodySize(Map<Float, Integer> charsBySize) {
        return charsBySize.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse(0f);
    }

    private static long letters(String text) {
        return text.codePoints().filter(Character::isLetter).count();
    }

    @Override
    protected void writeString(String text, List<TextPosition> positions) {
        boolean upright = false;
        for (TextPosition p : positions) {
            if (p.getDir() != 0) {
                continue;
            }
            upright = true;
            // The type as drawn: the font's size scaled by the text and page matrices (pdfTeX sets 1 pt, scaled).
            float points = Math.round(p.getYScale() * 10) / 10f;
            size = Math.max(size, points);
            charsBySize.merge(points, 1, Integer::sum);
        }
        if (upright) {
            line.append(text);
        }
    }

    @Override
    protected void writeWordSeparator() {
        line.append(' ');
    }

    @Override
    protected void writeLineSeparator() {
        endLine();
    }

    @Override
    protected void writeParagraphEnd() {
        endLine();
    }

    private void endLine() {
        String text = line.toString().strip();
        if (!text.isEmpty() && size > 0) {
            lines.add(new Line(text, size));
        }
        line.setLength(0);
        size = 0;
    }
}
