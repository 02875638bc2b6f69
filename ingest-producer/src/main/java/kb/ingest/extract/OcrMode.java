package kb.ingest.extract;

import java.util.Locale;

/**
 * Whether PDF pages without a text layer are read by OCR ({@code KB_EXTRACT_OCR}): {@code auto} (the default) where
 * the {@code tesseract} command is installed, {@code true} always (a PDF without a text layer is then a dead letter
 * that says Tesseract is missing), {@code false} never.
 */
public enum OcrMode {
    AUTO,
    ON,
    OFF;

    /** {@code auto}, {@code true} or {@code false}, any case. */
    public static OcrMode of(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "true" -> ON;
            case "false" -> OFF;
            default -> throw new IllegalArgumentException("KB_EXTRACT_OCR must be auto, true or false, got " + value);
        };
    }

    /** How the extractor process is told, and reads it back ({@link #of}). */
    public String id() {
        return this == AUTO ? "auto" : this == ON ? "true" : "false";
    }
}
