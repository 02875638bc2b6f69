package kb.chunker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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

    /**
     * Blocks of one chunk (or of one oversize block, cut by the cap), under one header, and the head of the next
     * block carried to end the sentence the last one leaves open ({@link SentenceCarry}), or null.
     */
    private record Group(String header, List<ExtractedText.Block> blocks, ExtractedText.Block carried) {}

    private record Heading(int level, String text) {}

    static DocumentChunks assemble(FileEvent event, int maxChunkChars) {
        ExtractedText extracted = event.extracted();
        String title = ChunkFactory.label(title(extracted, event.path()));
        String docId = event.docId();
        List<Chunk> chunks = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        Set<String> vocabulary = SentenceCarry.vocabulary(extracted.blocks());
        for (Group group : groups(numbered(extracted.blocks()), title, maxChunkChars)) {
            Location location = locationOf(group);
            for (String piece : pieces(group, vocabulary, maxChunkChars)) {
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

    /**
     * The group's text cut by the cap, the carried head joined to the last piece: the cap is exceeded only by the
     * carry, and the cuts inside a long block stay where they were.
     */
    private static List<String> pieces(Group group, Set<String> vocabulary, int maxChars) {
        String joiner = group.blocks().get(0).unit() == Location.Unit.ROW ? "\n" : "\n\n";
        String text = group.blocks().get(0).text();
        for (int i = 1; i < group.blocks().size(); i++) {
            text = joined(group.blocks().get(i - 1), text, group.blocks().get(i).text(), joiner, vocabulary);
        }
        List<String> pieces = new ArrayList<>(TextSplitter.split(text, maxChars));
        if (group.carried() != null) {
            int last = pieces.size() - 1;
            pieces.set(
                    last, SentenceCarry.join(pieces.get(last), group.carried().text(), joiner, vocabulary));
        }
        return pieces;
    }

    /** A word hyphenated across two blocks of a page (a column's end) is joined back; other blocks stay apart. */
    private static String joined(
            ExtractedText.Block last, String text, String next, String joiner, Set<String> vocabulary) {
        return last.unit() == Location.Unit.PAGE
                ? SentenceCarry.join(text, next, joiner, vocabulary)
                : text + joiner + next;
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
        for (ExtractedText.Block each : blocks) {
            if (each.level() > 0) {
                close(groups, header, current, null);
                chars = 0;
                path.removeIf(h -> h.level() >= each.level());
                path.add(new Heading(each.level(), each.text().strip()));
                header = header(path, title);
                continue;
            }
            ExtractedText.Block block = each;
            if (!current.isEmpty()
                    && (startsPart(byHeadings || packPages, current.get(current.size() - 1), block)
                            || chars + 2 + block.text().length() > maxChars)) {
                SentenceCarry.Split split = carry(current.get(current.size() - 1), block, maxChars);
                close(groups, header, current, split.head().isEmpty() ? null : withText(block, split.head()));
                chars = 0;
                if (split.rest().isEmpty()) {
                    continue;
                }
                block = withText(block, split.rest());
            }
            current.add(block);
            chars += block.text().length() + 2;
        }
        close(groups, header, current, null);
        return groups;
    }

    /**
     * What of {@code next} the chunk ending with {@code last} takes to end its sentence: only between two body
     * blocks of a PDF's pages (where a column or a page ends mid-sentence), where the sentence goes on.
     */
    private static SentenceCarry.Split carry(ExtractedText.Block last, ExtractedText.Block next, int maxChars) {
        boolean pages = last.unit() == Location.Unit.PAGE
                && next.unit() == Location.Unit.PAGE
                && Objects.equals(last.part(), next.part());
        return pages && SentenceCarry.continues(last.text(), next.text())
                ? SentenceCarry.carry(last.text(), next.text(), maxChars / SentenceCarry.CARRY_SHARE)
                : new SentenceCarry.Split("", next.text());
    }

    private static ExtractedText.Block withText(ExtractedText.Block block, String text) {
        return new ExtractedText.Block(block.unit(), block.number(), block.part(), block.level(), text);
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

    private static void close(
            List<Group> groups, String header, List<ExtractedText.Block> current, ExtractedText.Block carried) {
        if (!current.isEmpty()) {
            String named = header == null && current.get(0).part() != null
                    ? current.get(0).part()
                    : header;
            groups.add(new Group(named, List.copyOf(current), carried));
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

    /**
     * The span of the group's parts, the page its carried sentence ends on included (its words are there); paragraphs
     * are placed by their heading path, rows by their sheet.
     */
    private static Location locationOf(Group group) {
        List<ExtractedText.Block> blocks = new ArrayList<>(group.blocks());
        if (group.carried() != null) {
            blocks.add(group.carried());
        }
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
