package kb.ingest.extract;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import kb.core.PageLayout;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * The lines of a PDF's text layer with their boxes, from PDFBox's text positions. In the content's own order, as
 * Tika reads it (not sorted by position): the lines of a two-column page stay apart, one column after the other.
 * Not thread-safe: one document at a time.
 */
final class PdfLines extends PDFTextStripper {

    private final List<PageLayout.Page> pages = new ArrayList<>();
    private final List<PageLayout.Line> lines = new ArrayList<>();
    private final StringBuilder line = new StringBuilder();
    private float left;
    private float top;
    private float right;
    private float bottom;

    private PdfLines() {
        setSortByPosition(false);
    }

    /** Every page's lines, in page order. */
    static List<PageLayout.Page> read(PDDocument document) throws IOException {
        PdfLines stripper = new PdfLines();
        stripper.writeText(document, Writer.nullWriter());
        return List.copyOf(stripper.pages);
    }

    @Override
    protected void startPage(PDPage page) {
        lines.clear();
        startLine();
    }

    @Override
    protected void writeString(String text, List<TextPosition> positions) {
        line.append(text);
        for (TextPosition p : positions) {
            left = Math.min(left, p.getXDirAdj());
            right = Math.max(right, p.getXDirAdj() + p.getWidthDirAdj());
            // The height PDFBox gives is the glyph's, from the baseline up; a line's box reaches its ascenders.
            top = Math.min(top, p.getYDirAdj() - Math.max(p.getHeightDir(), p.getFontSizeInPt() * 0.7f));
            bottom = Math.max(bottom, p.getYDirAdj() + p.getFontSizeInPt() * 0.2f);
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

    @Override
    protected void endPage(PDPage page) {
        endLine();
        PDRectangle box = page.getCropBox();
        boolean turned = page.getRotation() % 180 != 0;
        pages.add(new PageLayout.Page(
                getCurrentPageNo(),
                turned ? box.getHeight() : box.getWidth(),
                turned ? box.getWidth() : box.getHeight(),
                false,
                lines));
    }

    private void endLine() {
        String text = line.toString().strip();
        if (!text.isEmpty() && right > left) {
            lines.add(new PageLayout.Line(round(left), round(top), round(right - left), round(bottom - top), text));
        }
        startLine();
    }

    private void startLine() {
        line.setLength(0);
        left = Float.MAX_VALUE;
        top = Float.MAX_VALUE;
        right = -Float.MAX_VALUE;
        bottom = -Float.MAX_VALUE;
    }

    static float round(float value) {
        return Math.round(value * 10) / 10f;
    }
}
