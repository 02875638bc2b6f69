package kb.ingest.extract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import kb.core.ExtractedText;
import kb.core.Location;
import org.apache.tika.exception.EncryptedDocumentException;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.Office;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.parser.Parser;
import org.apache.tika.parser.ocr.TesseractOCRConfig;
import org.apache.tika.parser.pdf.PDFParserConfig;

/**
 * Reads one document with Apache Tika (a notebook as JSON) into blocks of text with their structure. Runs inside
 * the extractor process ({@link ExtractorMain}), never in the watcher's: a parser that loops or runs out of memory
 * takes only that process down.
 */
final class DocumentParser {

    /** A PDF with less text than this per page on average is a scan (a stamped page number at most): it has no text layer. */
    static final int MIN_CHARS_PER_PAGE = 4;

    /** How Tesseract is installed on Debian and Ubuntu, English and Chinese (the dead letter's advice). */
    static final String INSTALL_TESSERACT = "apt install tesseract-ocr tesseract-ocr-chi-sim";

    private final Parser parser = new AutoDetectParser();
    private final long maxChars;
    private final OcrMode mode;
    /** Null when OCR is off or Tesseract is not installed; looked for once, when the process starts. */
    private final PageOcr ocr;

    private final Duration ocrBudget;
    private final Path layoutDir;

    /**
     * @param ocrBudget how long OCR may read one document's pages (less than the extraction's timeout, so a long
     *                  scan is published with the pages read rather than killed with none)
     * @param layoutDir where PDF pages' line boxes are kept; null: not kept
     */
    DocumentParser(long maxChars, OcrMode mode, Duration ocrBudget, Path layoutDir) {
        this(maxChars, mode, ocrBudget, layoutDir, mode == OcrMode.OFF ? null : PageOcr.Tesseract.find());
    }

    /** @param tesseract Tesseract as found on the PATH; null: not installed (or OCR off) */
    DocumentParser(long maxChars, OcrMode mode, Duration ocrBudget, Path layoutDir, PageOcr.Tesseract tesseract) {
        this.maxChars = maxChars;
        this.mode = mode;
        this.ocr = tesseract == null || mode == OcrMode.OFF ? null : new PageOcr(tesseract);
        this.ocrBudget = ocrBudget;
        this.layoutDir = layoutDir;
    }

    DocumentParser(long maxChars, boolean ocr) {
        this(maxChars, ocr ? OcrMode.ON : OcrMode.OFF, Duration.ofSeconds(45), null);
    }

    Extraction parse(Path file, String format) {
        try {
            if ("ipynb".equals(format)) {
                return NotebookReader.read(file, maxChars);
            }
            return tika(file, format);
        } catch (EncryptedDocumentException e) {
            return new Extraction.Failed("encrypted", "encrypted: the document needs a password to be read");
        } catch (Exception e) {
            return failure(e);
        }
    }

    private Extraction tika(Path file, String format) throws Exception {
        Optional<String> mismatch = FormatSignature.mismatch(file, format);
        if (mismatch.isPresent()) {
            return new Extraction.Failed("unparseable", "cannot be parsed: " + mismatch.get());
        }
        Optional<String> bomb = ZipBombCheck.check(file, format);
        if (bomb.isPresent()) {
            return new Extraction.Failed("too_large", "too large: " + bomb.get());
        }
        Instant deadline = Instant.now().plus(ocrBudget);
        Location.Unit unit = unitOf(format);
        BlockHandler handler = new BlockHandler(unit, maxChars);
        Metadata metadata = new Metadata();
        try (InputStream in = TikaInputStream.get(file)) {
            parser.parse(in, handler, metadata, context());
        }
        if (unit != Location.Unit.PAGE) {
            return new Extraction.Done(new ExtractedText(title(metadata), keywords(metadata), handler.blocks()));
        }
        List<ExtractedText.Block> read = handler.blocks();
        PdfPages.Result pages = null;
        if (layoutDir != null || ocr != null && PdfPages.anyPageWithoutText(read, handler.parts())) {
            pages = PdfPages.read(file, read, ocr, deadline);
            read = pages.blocks();
        }
        List<ExtractedText.Block> blocks = PdfPageText.clean(read);
        if (handler.parts() > 0 && visibleChars(blocks) < (long) MIN_CHARS_PER_PAGE * handler.parts()) {
            return noTextLayer(handler.parts(), visibleChars(blocks), pages);
        }
        if (pages != null && layoutDir != null) {
            keep(file, pages);
        }
        return new Extraction.Done(new ExtractedText(title(metadata), keywords(metadata), blocks));
    }

    /** Why a PDF has no text: a scan, and what would read it. */
    private Extraction.Failed noTextLayer(int pages, long chars, PdfPages.Result read) {
        String why;
        if (mode == OcrMode.OFF) {
            why = "a scan; OCR is off (KB_EXTRACT_OCR=false)";
        } else if (ocr == null) {
            why = "a scan; Tesseract is not installed to read it: " + INSTALL_TESSERACT;
        } else if (read != null && read.unread() > 0) {
            why = "a scan; OCR read " + read.ocrPages() + " pages and left " + read.unread()
                    + " unread (out of time: raise KB_EXTRACT_TIMEOUT)";
        } else {
            why = "a scan; OCR read no text on it";
        }
        return new Extraction.Failed(
                "no_text_layer",
                "no text layer: " + pages + " pages and " + chars + " characters of text (" + why + ")");
    }

    /** The page view's line boxes; a layout that cannot be written costs the view its marks, not the document. */
    private void keep(Path file, PdfPages.Result pages) {
        try {
            LayoutFiles.write(layoutDir, file, pages.layout());
        } catch (IOException | RuntimeException e) {
            System.err.println("could not keep the page layout of " + file + ": " + e);
        }
    }

    /** Embedded files (a DOCX's images, attachments) are left out: no parser is set for them in the context. */
    private ParseContext context() {
        ParseContext context = new ParseContext();
        PDFParserConfig pdf = new PDFParserConfig();
        // Pages without a text layer are read by OCR here (PdfPages), with their boxes; never by Tika's own.
        pdf.setExtractInlineImages(false);
        pdf.setOcrStrategy(PDFParserConfig.OCR_STRATEGY.NO_OCR);
        // The outline repeats the headings after the last page, as if that page held them.
        pdf.setExtractBookmarksText(false);
        context.set(PDFParserConfig.class, pdf);
        TesseractOCRConfig tesseract = new TesseractOCRConfig();
        tesseract.setSkipOcr(true);
        context.set(TesseractOCRConfig.class, tesseract);
        return context;
    }

    static Location.Unit unitOf(String format) {
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "pdf" -> Location.Unit.PAGE;
            case "pptx", "odp" -> Location.Unit.SLIDE;
            case "xlsx", "ods" -> Location.Unit.ROW;
            default -> null;
        };
    }

    private static long visibleChars(List<ExtractedText.Block> blocks) {
        return blocks.stream()
                .mapToLong(b ->
                        b.text().chars().filter(c -> !Character.isWhitespace(c)).count())
                .sum();
    }

    private static String title(Metadata metadata) {
        String title = metadata.get(TikaCoreProperties.TITLE);
        return title == null || title.isBlank() ? null : title.strip();
    }

    private static List<String> keywords(Metadata metadata) {
        String[] values = metadata.getValues(Office.KEYWORDS);
        if (values.length == 0) {
            values = metadata.getValues(TikaCoreProperties.SUBJECT);
        }
        return Arrays.stream(values)
                .flatMap(v -> Arrays.stream(v.split("[,;]")))
                .map(String::strip)
                .filter(k -> !k.isEmpty())
                .distinct()
                .limit(50)
                .toList();
    }

    /** The reason of a failure, from the whole chain of causes: parsers wrap what the handler or zip layer threw. */
    static Extraction.Failed failure(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof BlockHandler.CapReached cap) {
                return new Extraction.Failed("too_large", "too large: " + cap.getMessage());
            }
            if (t instanceof EncryptedDocumentException
                    || t.getClass().getSimpleName().contains("Encrypted")
                    || t.getClass().getSimpleName().contains("InvalidPassword")) {
                return new Extraction.Failed("encrypted", "encrypted: the document needs a password to be read");
            }
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("zip bomb")
                    || message.contains("suspected zip bomb")
                    || message.contains("max. ratio")
                    || t.getClass().getSimpleName().contains("ZipBomb")) {
                return new Extraction.Failed(
                        "too_large", "too large: expands like a zip bomb (" + firstLine(t.getMessage()) + ")");
            }
        }
        if (error instanceof IOException && !(error instanceof NoSuchFileException)) {
            return new Extraction.Failed("unparseable", "unreadable: " + firstLine(error));
        }
        return new Extraction.Failed(
                "unparseable", "cannot be parsed: " + error.getClass().getSimpleName() + ": " + firstLine(error));
    }

    /** Never empty: a dead letter without a reason tells its reader nothing (an EOFException has no message). */
    private static String firstLine(Throwable error) {
        String line = firstLine(error.getMessage());
        return line.isBlank() ? error.getClass().getSimpleName() : line;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "\u2026" : line;
    }
}
