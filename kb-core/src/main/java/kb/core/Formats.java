package kb.core;

import java.util.List;

/** The file formats ingested by default (the producer watches them, the API accepts them as uploads). */
public final class Formats {

    public static final List<String> DEFAULT_EXTENSIONS = List.of("md", "markdown", "txt", "yaml", "yml", "json", "py");

    private Formats() {}

    /** Markdown, whose notes-app conventions (wikilinks, inline tags, callouts) the chunker reads. */
    public static boolean isMarkdown(String format) {
        return "md".equals(format) || "markdown".equals(format);
    }
}
