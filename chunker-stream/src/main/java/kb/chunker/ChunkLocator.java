package kb.chunker;

import java.util.ArrayList;
import java.util.List;
import kb.core.Chunk;
import kb.core.Location;

/**
 * Where each chunk stands in the file, so an answer can be cited as {@code path:start-end}. The chunkers keep a
 * text's own lines (headings and blank lines aside), in order, so a chunk's first and last non-blank lines are
 * found in the body from where the previous chunk began. A chunk whose lines are not the file's (a JSON file
 * pretty-printed, a line longer than a chunk split across chunks) gets no location rather than a wrong one.
 */
final class ChunkLocator {

    private ChunkLocator() {}

    /**
     * @param body       the text the chunkers were given, line for line the file's body
     * @param lineOffset lines of the file before the body (the frontmatter block)
     */
    static List<Chunk> locate(List<Chunk> chunks, String body, int lineOffset) {
        String[] lines = body.split("\n", -1);
        List<Chunk> located = new ArrayList<>(chunks.size());
        int cursor = 0;
        for (Chunk chunk : chunks) {
            List<String> own = chunk.text()
                    .lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty())
                    .toList();
            int start = own.isEmpty() ? -1 : find(lines, own.get(0), cursor);
            int end = start < 0 ? -1 : find(lines, own.get(own.size() - 1), start);
            if (start < 0 || end < 0) {
                located.add(chunk);
                continue;
            }
            located.add(chunk.at(Location.lines(lineOffset + start + 1, lineOffset + end + 1)));
            cursor = start;
        }
        return located;
    }

    private static int find(String[] lines, String wanted, int from) {
        for (int i = from; i < lines.length; i++) {
            if (lines[i].strip().equals(wanted)) {
                return i;
            }
        }
        return -1;
    }

    /** Lines of the content before its body (the body is the content's tail). */
    static int linesBefore(String content, String body) {
        if (!content.endsWith(body)) {
            return 0;
        }
        int end = content.length() - body.length();
        int lines = 0;
        for (int i = 0; i < end; i++) {
            if (content.charAt(i) == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
