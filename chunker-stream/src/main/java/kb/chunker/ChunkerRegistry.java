package kb.chunker;

import java.util.Map;
import kb.chunker.format.FormatChunker;
import kb.chunker.format.MarkdownChunker;
import kb.chunker.format.PlainTextChunker;

/** The chunker for each format, chosen by extension; formats without their own fall back to plain text. */
public final class ChunkerRegistry {

    private final Map<String, FormatChunker> byFormat;
    private final FormatChunker fallback;

    public ChunkerRegistry(int maxChunkChars) {
        MarkdownChunker markdown = new MarkdownChunker();
        this.fallback = new PlainTextChunker(maxChunkChars);
        this.byFormat = Map.of("md", markdown, "markdown", markdown, "txt", fallback);
    }

    public FormatChunker forFormat(String format) {
        return byFormat.getOrDefault(format, fallback);
    }
}
