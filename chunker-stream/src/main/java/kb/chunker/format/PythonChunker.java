package kb.chunker.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python: one section per top-level {@code def} / {@code class} (the name is the header), with the
 * decorators and comments directly above it; the module docstring and imports form their own section.
 * Lines inside multi-line strings are never taken for definitions, even at column 0.
 */
public final class PythonChunker implements FormatChunker {

    private static final Pattern DEFINITION = Pattern.compile("^(?:async\\s+def|def|class)\\s+([A-Za-z_]\\w*)");

    private final int maxChars;

    public PythonChunker(int maxChars) {
        this.maxChars = maxChars;
    }

    @Override
    public List<Section> sections(String body, String title) {
        String[] lines = body.split("\n", -1);
        boolean[] insideString = PythonStrings.linesStartingInsideAString(lines);
        List<Section> sections = new ArrayList<>();
        int start = 0;
        String header = null;
        for (int i = 0; i < lines.length; i++) {
            if (insideString[i]) {
                continue;
            }
            Matcher definition = DEFINITION.matcher(lines[i]);
            boolean topLevelCode = !lines[i].isBlank()
                    && !Character.isWhitespace(lines[i].charAt(0))
                    && !lines[i].startsWith("@")
                    && !lines[i].startsWith("#")
                    && !lines[i].startsWith(")")
                    && !lines[i].startsWith("]")
                    && !lines[i].startsWith("}");
            if (definition.find()) {
                int attachedFrom = attachedAbove(lines, insideString, i, start);
                add(sections, header, lines, start, attachedFrom);
                start = attachedFrom;
                header = definition.group(1);
            } else if (topLevelCode && header != null) {
                // Statements at column 0 end the definition above them.
                add(sections, header, lines, start, i);
                start = i;
                header = null;
            }
        }
        add(sections, header, lines, start, lines.length);
        return SectionMerger.mergeSmall(sections, 200, maxChars);
    }

    /** The first line of the decorators and comments directly above a definition (no blank line between). */
    private static int attachedAbove(String[] lines, boolean[] insideString, int definition, int floor) {
        int first = definition;
        while (first - 1 >= floor
                && !insideString[first - 1]
                && (lines[first - 1].startsWith("@") || lines[first - 1].startsWith("#"))) {
            first--;
        }
        return first;
    }

    private static void add(List<Section> sections, String header, String[] lines, int from, int to) {
        if (from >= to) {
            return;
        }
        String text = String.join("\n", Arrays.copyOfRange(lines, from, to)).strip();
        if (!text.isEmpty()) {
            sections.add(new Section(header, text));
        }
    }
}
