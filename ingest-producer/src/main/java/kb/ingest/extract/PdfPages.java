package kb.ingest.extract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.ExtractedText.Block;
import kb.core.Location;
import kb.core.PageLayout;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * What PDFBox adds to Tika's reading of a PDF: each page's line boxes, and the text of pages without a text layer
 * read by OCR (their lines from Tesseract's boxes). OCR stops at the document's deadline: pages left are unread.
 */
final class PdfPages {

    /** A page with fewer visible characters than this (a stamped page number at most) has no text layer. */
    static final int OCR_BELOW_CHARS = 10;

    /**
     * @param blocks   Tika's blocks, with each page read by OCR in place of what little text it had
     * @param layout   every page's lines and boxes
     * @param ocrPages pages read by OCR
     * @param unread   pages without a text layer left unread (no time left, or Tesseract failed on them)
     */
    record Result(List<Block> blocks, PageLayout layout, int ocrPages, int unread) {}

    private PdfPages() {}

    /** @param ocr null: pages without a text layer stay as they are */
    static Result read(Path file, List<Block> blocks, PageOcr ocr, Instant deadline) throws IOException {
        long size = Files.size(file);
        long modified = Files.getLastModifiedTime(file).toMillis();
        try (PDDocument document = Loader.loadPDF(file.toFile())) {
            List<PageLayout.Page> pages = new ArrayList<>(PdfLines.read(document));
            Map<Integer, Long> chars = charsByPage(blocks);
            List<Block> read = new ArrayList<>();
            Set<Integer> ocrPages = new HashSet<>();
            int unread = 0;
            for (int index = 0; index < document.getNumberOfPages(); index++) {
                int number = index + 1;
                if (chars.getOrDefault(number, 0L) >= OCR_BELOW_CHARS) {
                    continue;
                }
                Duration left = Duration.between(Instant.now(), deadline);
                if (ocr == null || left.isNegative() || left.isZero()) {
                    unread += ocr == null ? 0 : 1;
                    continue;
                }
                try {
                    PageOcr.Read page = ocr.read(
                            document, index, left.compareTo(PageOcr.PAGE_TIMEOUT) < 0 ? left : PageOcr.PAGE_TIMEOUT);
                    replace(pages, page.page());
                    page.paragraphs().forEach(p -> read.add(new Block(Location.Unit.PAGE, number, null, 0, p)));
                    ocrPages.add(number);
                } catch (IOException e) {
                    System.err.println("OCR of page " + number + " of " + file + " failed: " + e.getMessage());
                    unread++;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while reading page " + number + " by OCR", e);
                }
            }
            List<Block> merged = new ArrayList<>(read);
            blocks.stream().filter(b -> !ocrPages.contains(b.number())).forEach(merged::add);
            merged.sort(Comparator.comparingInt(Block::number)); // stable: each page's blocks keep their order
            return new Result(merged, new PageLayout(size, modified, pages), ocrPages.size(), unread);
        }
    }

    /** Whether any page has too little text to be a text page: only then is OCR worth a look. */
    static boolean anyPageWithoutText(List<Block> blocks, int pages) {
        Map<Integer, Long> chars = charsByPage(blocks);
        for (int number = 1; number <= pages; number++) {
            if (chars.getOrDefault(number, 0L) < OCR_BELOW_CHARS) {
                return true;
            }
        }
        return false;
    }

    private static void replace(List<PageLayout.Page> pages, PageLayout.Page page) {
        for (int i = 0; i < pages.size(); i++) {
            if (pages.get(i).number() == page.number()) {
                pages.set(i, page);
                return;
            }
        }
        pages.add(page);
        pages.sort(Comparator.comparingInt(PageLayout.Page::number));
    }

    private static Map<Integer, Long> charsByPage(List<Block> blocks) {
        Map<Integer, Long> chars = new HashMap<>();
        for (Block block : blocks) {
            long visible =
                    block.text().chars().filter(c -> !Character.isWhitespace(c)).count();
            chars.merge(block.number(), visible, Long::sum);
        }
        return chars;
    }
}
