package kb.chunker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.chunker.format.Section;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Formats;
import kb.core.Ids;
import kb.core.NoteMeta;

/** Turns one file version into its chunks and card: frontmatter, per-format sections, size cap, enrichment. */
public final class DocumentAssembler {

    /**
     * Title and section header are repeated in every chunk's enriched text: a 500 KB heading over a long
     * section made a 420 MB record. Real ones are a line; longer ones are cut.
     */
    static final int MAX_LABEL_CHARS = 300;

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
        String title = label(TitleResolver.resolve(fm, parsed.body(), event.format(), event.path()));
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
                chunks.add(chunk(docId, title, label(section.header()), text, chunks.size(), seen));
            }
        }
        if (chunks.isEmpty()) {
            // An empty document is still findable by its title.
            chunks.add(chunk(docId, title, null, "", 0, seen));
        }
        return chunks;
    }

    static String label(String text) {
        if (text == null || text.length() <= MAX_LABEL_CHARS) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(MAX_LABEL_CHARS - 1)) ? MAX_LABEL_CHARS - 1 : MAX_LABEL_CHARS;
        return text.substring(0, end) + "\u2026";
    }

    static Chunk chunk(String docId, String title, String header, String text, int ordinal, Map<String, Integer> seen) {
        String enriched = Enrichment.enrich(title, header, text);
        int occurrence = seen.merge(enriched, 1, Integer::sum) - 1;
        return new Chunk(Ids.chunkId(docId, enriched, occurrence), ordinal, header, text, enriched);
    }
}
