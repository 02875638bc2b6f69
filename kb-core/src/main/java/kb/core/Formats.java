package kb.core;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The file formats ingested by default (the producer watches them, the API accepts them as uploads). */
public final class Formats {

    /** Read as UTF-8 text and chunked by the chunker's format rules. */
    public static final List<String> TEXT = List.of("md", "markdown", "txt", "yaml", "yml", "json", "py");

    /**
     * Not plain text: the producer extracts their text with its structure (pages, slides, sheets, headings, cells)
     * before publishing; {@code ipynb} is JSON, read into its markdown and code cells.
     */
    public static final List<String> EXTRACTED =
            List.of("pdf", "docx", "pptx", "xlsx", "odt", "odp", "ods", "html", "htm", "epub", "rtf", "ipynb");

    /** Every format on by default; each can be switched off in the extension setting. */
    public static final List<String> DEFAULT_EXTENSIONS =
            Stream.concat(TEXT.stream(), EXTRACTED.stream()).toList();

    private Formats() {}

    /** Whether files of this extension (no dot) are extracted rather than read as text. */
    public static boolean isExtracted(String extension) {
        return extension != null && EXTRACTED.contains(extension.toLowerCase(Locale.ROOT));
    }

    /** Markdown, whose notes-app conventions (wikilinks, inline tags, callouts) the chunker reads. */
    public static boolean isMarkdown(String format) {
        return "md".equals(format) || "markdown".equals(format);
    }
}
