package kb.ingest.extract;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.core.ExtractedText;
import kb.core.Json;
import kb.core.Location;

/**
 * A Jupyter notebook read as the JSON it is: its markdown and code cells in order, outputs left out (images and
 * tables of numbers a search would choke on). A markdown heading is a heading block, so a notebook's sections head
 * its chunks; every block carries its cell's number. The title is the first {@code # } heading.
 */
final class NotebookReader {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.+?)\\s*#*\\s*$");

    private NotebookReader() {}

    static Extraction read(Path file, long maxChars) throws IOException {
        JsonNode root = Json.MAPPER.readTree(file.toFile());
        JsonNode cells = root == null ? null : root.get("cells");
        if (cells == null || !cells.isArray()) {
            return new Extraction.Failed("unparseable", "cannot be parsed: not a notebook (no \"cells\" list)");
        }
        List<ExtractedText.Block> blocks = new ArrayList<>();
        String title = null;
        long chars = 0;
        for (int i = 0; i < cells.size(); i++) {
            JsonNode cell = cells.get(i);
            String source = source(cell.get("source"));
            chars += source.length();
            if (chars > maxChars) {
                return new Extraction.Failed(
                        "too_large", "too large: extracted text over the cap of " + maxChars + " characters");
            }
            if ("markdown".equals(cell.path("cell_type").asText())) {
                title = markdown(blocks, source, i + 1, title);
            } else if (!source.isBlank()) {
                blocks.add(new ExtractedText.Block(Location.Unit.CELL, i + 1, null, 0, source.strip()));
            }
        }
        return new Extraction.Done(new ExtractedText(title, List.of(), blocks));
    }

    /** @return the title: the one known, else this cell's first level-1 heading */
    private static String markdown(List<ExtractedText.Block> blocks, String source, int cell, String title) {
        StringBuilder body = new StringBuilder();
        String found = title;
        for (String line : source.split("\n", -1)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                addBody(blocks, body, cell);
                int level = heading.group(1).length();
                found = found == null && level == 1 ? heading.group(2) : found;
                blocks.add(new ExtractedText.Block(Location.Unit.CELL, cell, null, level, heading.group(2)));
            } else {
                body.append(line).append('\n');
            }
        }
        addBody(blocks, body, cell);
        return found;
    }

    private static void addBody(List<ExtractedText.Block> blocks, StringBuilder body, int cell) {
        String text = body.toString().strip();
        body.setLength(0);
        if (!text.isEmpty()) {
            blocks.add(new ExtractedText.Block(Location.Unit.CELL, cell, null, 0, text));
        }
    }

    /** A cell's source: a list of lines (each with its newline) or one string. */
    private static String source(JsonNode source) {
        if (source == null || source.isNull()) {
            return "";
        }
        if (source.isArray()) {
            StringBuilder text = new StringBuilder();
            source.forEach(line -> text.append(line.asText()));
            return text.toString();
        }
        return source.asText();
    }
}
