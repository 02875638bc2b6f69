package kb.chunker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.chunker.format.Section;
import kb.chunker.notes.Frontmatter;
import kb.chunker.notes.FrontmatterParser;
import kb.chunker.notes.FrontmatterProperties;
import kb.chunker.notes.NoteNames;
import kb.chunker.notes.ObsidianMarkup;
import kb.chunker.notes.ParsedDocument;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Formats;
import kb.core.NoteMeta;

/** Turns one file version into its chunks and card: frontmatter, per-format sections, size cap, enrichment. */
public final class DocumentAssembler {

    private final ChunkerRegistry registry;
    private final int maxChunkChars;

    public DocumentAssembler(int maxChunkChars) {
        this.registry = new ChunkerRegistry(maxChunkChars);
        this.maxChunkChars = maxChunkChars;
    }

    /**
     * One file version read: its chunks and card, and why its frontmatter was not read when that was its size.
     *
     * @param tooLarge a notice for kb.dlq, or empty
     */
    public record Assembled(DocumentChunks document, Optional<String> tooLarge) {}

    public DocumentChunks assemble(FileEvent event) {
        return read(event).document();
    }

    public Assembled read(FileEvent event) {
        if (event.extracted() != null) {
            return new Assembled(ExtractedAssembler.assemble(event, maxChunkChars), Optional.empty());
        }
        String content = event.content() == null ? "" : event.content();
        ParsedDocument parsed = FrontmatterParser.parse(event.path(), event.format(), content);
        Frontmatter fm = parsed.frontmatter() == null ? Frontmatter.EMPTY : parsed.frontmatter();
        String title = ChunkFactory.label(TitleResolver.resolve(fm, parsed.body(), event.format(), event.path()));
        boolean markdown = Formats.isMarkdown(event.format());
        ObsidianMarkup body = markdown
                ? ObsidianMarkup.clean(parsed.body())
                : new ObsidianMarkup(parsed.body(), List.of(), List.of());
        String docId = event.docId();
        List<Chunk> chunks = ChunkLocator.locate(
                chunks(docId, title, registry.forFormat(event.format()).sections(body.text(), title)),
                body.text(),
                ChunkLocator.linesBefore(content, parsed.body()));
        DocumentCard card = new DocumentCard(
                docId,
                event.collection(),
                event.path(),
                title,
                fm.keywords(),
                fm.summary(),
                event.category(),
                event.format(),
                event.sha256(),
                event.size(),
                chunks.size(),
                event.observedTime(),
                notes(fm, body));
        return new Assembled(new DocumentChunks(card, content, chunks), Optional.ofNullable(parsed.tooLarge()));
    }

    /** Frontmatter tags first, then the body's inline ones; every scalar or list property for filters. */
    private static NoteMeta notes(Frontmatter fm, ObsidianMarkup body) {
        List<String> tags = new ArrayList<>(fm.tags());
        tags.addAll(body.tags());
        return new NoteMeta(
                NoteNames.distinct(tags), fm.aliases(), body.links(), FrontmatterProperties.of(fm.metadata()));
    }

    private List<Chunk> chunks(String docId, String title, List<Section> sections) {
        List<Chunk> chunks = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Section section : sections) {
            for (String text : TextSplitter.split(section.text(), maxChunkChars)) {
                chunks.add(ChunkFactory.chunk(
                        docId, title, ChunkFactory.label(section.header()), text, chunks.size(), seen));
            }
        }
        if (chunks.isEmpty()) {
            // An empty document is still findable by its title.
            chunks.add(ChunkFactory.chunk(docId, title, null, "", 0, seen));
        }
        return chunks;
    }
}
