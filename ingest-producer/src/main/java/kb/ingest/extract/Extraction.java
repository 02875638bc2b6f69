package kb.ingest.extract;

import kb.core.ExtractedText;

/** What extracting one document produced: its text with its structure, or why there is none. */
public sealed interface Extraction {

    record Done(ExtractedText text) implements Extraction {}

    /**
     * @param reason  low-cardinality reason, a metric tag: encrypted, no_text_layer, timeout, too_large, unparseable
     * @param message for people, starting with what happened: {@code encrypted}, {@code no text layer},
     *                {@code timed out after N s}, {@code too large}
     */
    record Failed(String reason, String message) implements Extraction {}
}
