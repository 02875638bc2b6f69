package kb.ingest.extract;

import java.nio.file.Path;
import java.time.Duration;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

/**
 * The bounds of extraction, so a hostile or broken file can neither hang nor kill the watcher.
 *
 * @param timeout          one document's extraction at most ({@code KB_EXTRACT_TIMEOUT}, default 60 s); the
 *                         extractor process is killed past it, and OCR stops reading pages before it
 * @param heapMb           the extractor process's heap ({@code KB_EXTRACT_HEAP_MB}, default 512)
 * @param maxDocumentBytes larger documents are not opened ({@code KB_MAX_DOCUMENT_BYTES}, default 64 MiB)
 * @param maxChars         extracted text above this goes to the dead-letter topic as too large: the content cap
 * @param ocr              whether PDF pages without a text layer go through Tesseract ({@code KB_EXTRACT_OCR},
 *                         default {@code auto}: where the {@code tesseract} command is installed)
 * @param layoutDir        where PDF pages' line boxes are kept for the API's page view ({@code KB_PAGE_LAYOUT_DIR});
 *                         null: not kept
 */
public record ExtractionLimits(
        Duration timeout, int heapMb, long maxDocumentBytes, long maxChars, OcrMode ocr, Path layoutDir) {

    public static final Duration DEFAULT_TIMEOUT = KbSettings.EXTRACT_TIMEOUT.fallback();
    public static final int DEFAULT_HEAP_MB = KbSettings.EXTRACT_HEAP_MB.fallback();
    public static final long DEFAULT_MAX_DOCUMENT_BYTES = KbSettings.MAX_DOCUMENT_BYTES.fallback();

    public ExtractionLimits {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("KB_EXTRACT_TIMEOUT must be positive");
        }
        if (heapMb < 64) {
            throw new IllegalArgumentException("KB_EXTRACT_HEAP_MB must be at least 64");
        }
        if (maxDocumentBytes <= 0 || maxChars <= 0) {
            throw new IllegalArgumentException("KB_MAX_DOCUMENT_BYTES and the content cap must be positive");
        }
    }

    /** OCR on or off, no layout kept (measures and tests). */
    public ExtractionLimits(Duration timeout, int heapMb, long maxDocumentBytes, long maxChars, boolean ocr) {
        this(timeout, heapMb, maxDocumentBytes, maxChars, ocr ? OcrMode.ON : OcrMode.OFF, null);
    }

    /** @param maxChars the content cap ({@code KB_MAX_FILE_BYTES}): extracted text is bounded like text files */
    public static ExtractionLimits from(Settings settings, long maxChars) {
        return new ExtractionLimits(
                settings.get(KbSettings.EXTRACT_TIMEOUT),
                settings.get(KbSettings.EXTRACT_HEAP_MB),
                settings.get(KbSettings.MAX_DOCUMENT_BYTES),
                maxChars,
                OcrMode.of(settings.get(KbSettings.EXTRACT_OCR)),
                settings.get(KbSettings.PAGE_LAYOUT_DIR));
    }

    /** The defaults: OCR where Tesseract is installed, no layout kept. */
    public static ExtractionLimits defaults(long maxChars) {
        return new ExtractionLimits(
                DEFAULT_TIMEOUT, DEFAULT_HEAP_MB, DEFAULT_MAX_DOCUMENT_BYTES, maxChars, OcrMode.AUTO, null);
    }

    /** These limits, keeping layouts in this folder. */
    public ExtractionLimits withLayoutDir(Path folder) {
        return new ExtractionLimits(timeout, heapMb, maxDocumentBytes, maxChars, ocr, folder);
    }
}
