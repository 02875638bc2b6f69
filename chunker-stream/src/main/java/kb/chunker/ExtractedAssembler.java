package kb.chunker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.ExtractedText;
import kb.core.FileEvent;
import kb.core.Location;
import kb.core.NoteMeta;

/**
 * The chunks of a document the producer extracted (PDF, Office, HTML, EPUB, RTF, notebook), split by its own
 * structure: by headings where it has any (the heading path is the section header, as in markdown), otherwise by
 * slides (one slide never shares a chunk with the next), pages and sheets (the pages of a document and the rows of
 * one sheet packed up to the cap) and notebook cells. Each chunk's location is the page, slide, rows or cells its
 * text comes from; in a document without any of them (a DOCX, an HTML page) its paragraphs, counted from the top,
 * under its heading path. The title is the document's own (metadata), then its first heading, then the file name.
 */
final class ExtractedAssembler {

    private ExtractedAssembler() {}

    /** Blocks of one chunk (or of one oversize block, cut by the cap), under one header. */
    private record Group(String header, List<ExtractedText.Block> blocks) {}

    private record Heading(int level, String text) {}

    static DocumentChunks assemble(FileEvent event, int maxChunkChars) {
        ExtractedText extracted = event.extracted();
        String title = ChunkFactory.label(title(extracted, event.path()));
        String docId = event.docId();
        List<Chunk> chunks = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Group group : groups(numbered(extracted.blocks()), title, maxChunkChars)) {
            Location location = locationOf(group);
            String joiner = group.blocks().get(0).unit() == Location.Unit.ROW ? "\n" : "\n\n";
            String text = String.join(
                    joiner,
                    group.blocks().stream().map(ExtractedText.Block::text).toList());
            for (String piece : TextSplitter.split(text, maxChunkChars)) {
                chunks.add(
                        ChunkFactory.chunk(docId, title, ChunkFactory.label(group.header()), piece, chunks.size(), seen)
                                .at(location));
            }
        }
        if (chunks.isEmpty()) {
            chunks.add(ChunkFactory.chunk(docId, title, null, "", 0, seen));
        }
        DocumentCard card = new DocumentCard(
                docId,
                event.collection(),
                event.path(),
                title,
                extracted.keywords(),
                null,
                event.category(),
                event.format(),
                event.sha256(),
                event.size(),
                chunks.size(),
                event.observedTime(),
                NoteMeta.NONE);
        return new DocumentChunks(card, render(extracted), chunks);
    }

    static String title(ExtractedText extracted, String path) {
        if (extracted.title() != null && !TitleResolver.isPlaceholder(extracted.title(), path)) {
            return extracted.title().strip();
        }
        for (ExtractedText.Block block : extracted.blocks()) {
            if (block.level() > 0) {
                return block.text().strip();
            }
        }
        return TitleResolver.fileTitle(path);
    }

    private static List<Group> groups(List<ExtractedText.Block> blocks, String title, int maxChars) {
        boolean byHeadings = blocks.stream().anyMatch(b -> b.level() > 0);
        // One chunk a page cites the page itself; only a document with more pages than the chunk budget holds (a
        // 5,000-page manual) has its pages packed up to the cap, so that it is searchable to its last page.
        boolean packPages = blocks.stream()
                        .filter(b -> b.unit() == Location.Unit.PAGE)
                        .mapToInt(ExtractedText.Block::number)
                        .distinct()
                        .count()
                > ChunkerConfig.DEFAULT_MAX_CHUNKS_PER_DOCUMENT;
        List<Group> groups = new ArrayList<>();
        List<Heading> path = new ArrayList<>();
        List<ExtractedText.Block> current = new ArrayList<>();
        int chars = 0;
        String header = null;
        for (ExtractedText.Block block : blocks) {
            if (block.level() > 0) {
                close(groups, header, current);
                chars = 0;
                path.removeIf(h -> h.level() >= block.level());
                path.add(new Heading(block.level(), block.text().strip()));
                header = header(path, title);
                continue;
            }
            if (!current.isEmpty()
                    && (startsPart(byHeadings || packPages, current.get(current.size() - 1), block)
                            || chars + 2 + block.text().length() > maxChars)) {
                close(groups, header, current);
                chars = 0;
            }
            current.add(block);
            chars += block.text().length() + 2;
        }
        close(groups, header, current);
        return groups;
    }

    /**
     * Whether a block begins a chunk of its own: a new page or slide of a document packed neither by headings nor for
     * its length, a new sheet, a block on no part after one on a part.
     */
    private static boolean startsPart(boolean packed, ExtractedText.Block last, ExtractedText.Block next) {
        if (last.unit() != next.unit() || !Objects.equals(last.part(), next.part())) {
            return true;
        }
        boolean paged = next.unit() == Location.Unit.PAGE || next.unit() == Location.Unit.SLIDE;
        return paged && !packed && last.number() != next.number();
    }

    private static void close(List<Group> groups, String header, List<ExtractedText.Block> current) {
        if (!current.isEmpty()) {
            String named = header == null && current.get(0).part() != null
                    ? current.get(0).part()
                    : header;
            groups.add(new Group(named, List.copyOf(current)));
            current.clear();
        }
    }

    /** The heading path {@code A > B}; a top heading that only repeats the title is left out. */
    private static String header(List<Heading> path, String title) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < path.size(); i++) {
            Heading h = path.get(i);
            boolean repeatsTitle = i == 0
                    && title != null
                    && h.text().toLowerCase(Locale.ROOT).equals(title.strip().toLowerCase(Locale.ROOT));
            if (!repeatsTitle && !h.text().isEmpty()) {
                parts.add(h.text());
            }
        }
        return parts.isEmpty() ? null : String.join(" > ", parts);
    }

    /**
     * The blocks, those on no page, slide, row or cell numbered as paragraphs from the top of the document (headings
     * included, as Word counts them): Word keeps no pages (the reader's layout makes them), so a DOCX or an HTML
     * page is cited by heading path and paragraphs. Done here rather than by the producer so that the extractions
     * already on the topic, made before paragraphs were counted, are cited too.
     */
    static List<ExtractedText.Block> numbered(List<ExtractedText.Block> blocks) {
        List<ExtractedText.Block> numbered = new ArrayList<>(blocks.size());
        for (int i = 0; i < blocks.size(); i++) {
            ExtractedText.Block block = blocks.get(i);
            numbered.add(
                    block.unit() == null || block.number() < 1
                            ? new ExtractedText.Block(Location.Unit.PARAGRAPH, i + 1, null, block.level(), block.text())
                            : block);
        }
        return numbered;
    }

    /** The span of the group's parts; paragraphs are placed by their heading path, rows by their sheet. */
    private static Location locationOf(Group group) {
        List<ExtractedText.Block> blocks = group.blocks();
        ExtractedText.Block first = blocks.get(0);
        int start = blocks.stream().mapToInt(ExtractedText.Block::number).min().orElse(first.number());
        int end = blocks.stream().mapToInt(ExtractedText.Block::number).max().orElse(first.number());
        String part = first.unit() == Location.Unit.PARAGRAPH ? ChunkFactory.label(group.header()) : first.part();
        return new Location(first.unit(), start, end, part);
    }

    /**
     * The document's text for previews, LLM context and the document view: headings marked as in markdown, blocks
     * apart, and each page of a PDF ended by a form feed as {@code pdftotext} ends it (one per page, a page without
     * text too), so that the view can show the text page by page: the text before the n-th form feed is page n.
     */
    static String render(ExtractedText extracted) {
        StringBuilder out = new StringBuilder();
        int page = 1;
        for (ExtractedText.Block block : extracted.blocks()) {
            boolean nextPage = block.unit() == Location.Unit.PAGE && block.number() > page;
            if (nextPage) {
                out.append(out.isEmpty() ? "" : "\n").append("\f\n".repeat(block.number() - page));
                page = block.number();
            } else if (!out.isEmpty()) {
                out.append(block.unit() == Location.Unit.ROW ? "\n" : "\n\n");
            }
            if (block.level() > 0) {
                out.append("#".repeat(block.level())).append(' ');
            }
            out.append(block.text());
        }
        return out.toString();
    }
}
