package kb.ingest.extract;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
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
 * A Jupyter notebook read as the JSON it is, streamed: its markdown and code cells in order, outputs left out (images
 * and tables of numbers a search would choke on) and skipped unread, so an output of any size never stops its cells. A markdown heading is a heading block, so a notebook's sections head
 * its chunks; every block carries its cell's number. The title is the first {@code # } heading.
 */
final class NotebookReader {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.+?)\\s*#*\\s*$");

    private NotebookReader() {}

    static Extraction read(Path file, long maxChars) throws IOException {
        try (JsonParser json = Json.MAPPER.getFactory().createParser(file.toFile())) {
            if (json.nextToken() != JsonToken.START_OBJECT
                    || !toField(json, "cells")
                    || json.nextToken() != JsonToken.START_ARRAY) {
                return new Extraction.Failed("unparseable", "cannot be parsed: not a notebook (no \"cells\" list)");
            }
            List<ExtractedText.Block> blocks = new ArrayList<>();
            String title = null;
            long chars = 0;
            for (int number = 1; json.nextToken() == JsonToken.START_OBJECT; number++) {
                Cell cell = cell(json);
                chars += cell.source().length();
                if (chars > maxChars) {
                    return new Extraction.Failed(
                            "too_large", "too large: extracted text over the cap of " + maxChars + " characters");
                }
                if ("markdown".equals(cell.type())) {
                    title = markdown(blocks, cell.source(), number, title);
                } else if (!cell.source().isBlank()) {
                    blocks.add(new ExtractedText.Block(
                            Location.Unit.CELL, number, null, 0, cell.source().strip()));
                }
            }
            return new Extraction.Done(new ExtractedText(title, List.of(), blocks));
        }
    }

    private record Cell(String type, String source) {}

    /** Moves to the value of this top-level field, skipping the others whole (a notebook's metadata). */
    private static boolean toField(JsonParser json, String name) throws IOException {
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            if (name.equals(json.currentName())) {
                return true;
            }
            json.nextToken();
            json.skipChildren();
        }
        return false;
    }

    /**
     * One cell, from its start to its end. Only its type and source are read; its outputs, attachments and metadata
     * are skipped without being held, whatever their size: a plot is megabytes of base64 in one string, over
     * Jackson's limit for a string that is read.
     */
    private static Cell cell(JsonParser json) throws IOException {
        String type = null;
        String source = "";
        while (json.nextToken() == JsonToken.FIELD_NAME) {
            String field = json.currentName();
            JsonToken value = json.nextToken();
            if ("cell_type".equals(field) && value == JsonToken.VALUE_STRING) {
                type = json.getText();
            } else if ("source".equals(field)) {
                source = source(json, value);
            } else {
                json.skipChildren();
            }
        }
        return new Cell(type, source);
    }

    /** A cell's source: a list of lines (each with its newline) or one string. */
    private static String source(JsonParser json, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_STRING) {
            return json.getText();
        }
        StringBuilder text = new StringBuilder();
        if (value == JsonToken.START_ARRAY) {
            for (JsonToken line = json.nextToken(); line != JsonToken.END_ARRAY; line = json.nextToken()) {
                if (line == JsonToken.VALUE_STRING) {
                    text.append(json.getText());
                } else {
                    json.skipChildren();
                }
            }
        } else {
            json.skipChildren();
        }
        return text.toString();
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
}
