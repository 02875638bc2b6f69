package kb.query.answer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import kb.core.Formats;
import kb.core.Location;
import kb.query.search.SearchResponse;
import kb.search.es.ChunkDoc;

/** Where the text an answer returns is in its document, so an agent can cite {@code path:42-57}. */
final class Citations {

    private Citations() {}

    /** The locations of the chunks shown, in the order shown (those known). */
    static List<Location> ofResults(List<SearchResponse.ChunkResult> chunks) {
        return chunks.stream()
                .map(SearchResponse.ChunkResult::location)
                .filter(Objects::nonNull)
                .toList();
    }

    /** The chunks' locations, neighbours joined into one span. */
    static List<Location> ofChunks(List<ChunkDoc> chunks) {
        return Location.spans(chunks.stream()
                .sorted(Comparator.comparingInt(ChunkDoc::ordinal))
                .map(c -> new Location.Placed(c.ordinal(), c.location()))
                .toList());
    }

    /**
     * Where the first {@code chars} characters of a document's body are. A text file's content is the file as on
     * disk, so the preview's lines are counted there (even when its chunks have none, as a line longer than a chunk
     * gives); an extracted document cites the pages, slides or cells of the chunks that begin within the preview.
     *
     * @param content the document's content as stored
     * @param body    the part of it the preview is cut from: a suffix (the content less its frontmatter)
     */
    static List<Location> ofPreview(String content, String body, int chars, List<ChunkDoc> chunks) {
        boolean extracted = chunks.stream().map(ChunkDoc::format).anyMatch(Formats::isExtracted);
        if (!extracted) {
            return linesOf(content, body, chars);
        }
        List<ChunkDoc> shown = new ArrayList<>();
        int consumed = 0;
        for (ChunkDoc chunk : chunks.stream()
                .sorted(Comparator.comparingInt(ChunkDoc::ordinal))
                .toList()) {
            if (consumed >= chars) {
                break;
            }
            shown.add(chunk);
            consumed += chunk.text().length() + 2;
        }
        return ofChunks(shown);
    }

    private static List<Location> linesOf(String content, String body, int chars) {
        String shown = body.substring(0, Math.min(chars, body.length())).stripTrailing();
        if (shown.isBlank() || !content.endsWith(body)) {
            return List.of();
        }
        int start = 1 + newlines(content, 0, content.length() - body.length());
        return List.of(Location.lines(start, start + newlines(shown, 0, shown.length())));
    }

    private static int newlines(String text, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '\n') {
                count++;
            }
        }
        return count;
    }
}
