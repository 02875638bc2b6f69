package kb.chunker;

import java.util.Map;
import kb.chunker.format.FormatChunker;
import kb.chunker.format.JsonChunker;
import kb.chunker.format.MarkdownChunker;
import kb.chunker.format.PlainTextChunker;
import kb.chunker.format.PythonChunker;
import kb.chunker.format.YamlChunker;

/** The chunker for each format, chosen by extension; formats without their own fall back to plain text. */
public final class ChunkerRegistry {

    private final Map<String, FormatChunker> byFormat;
    private final FormatChunker fallback;

    public ChunkerRegistry(int maxChunkChars) {
        MarkdownChunker markdown = new MarkdownChunker();
        YamlChunker yaml = new YamlChunker(maxChunkChars);
        this.fallback = new PlainTextChunker(maxChunkChars);
        this.byFormat = Map.of(
                "md",
                markdown,
                "markdown",
                markdown,
                "yaml",
                yaml,
                "yml",
                yaml,
                "json",
                new JsonChunker(maxChunkChars, fallback),
                "py",
                new PythonChunker(maxChunkChars),
                "txt",
                fallback);
    }

    public FormatChunker forFormat(String format) {
        return byFormat.getOrDefault(format, fallback);
    }
}
