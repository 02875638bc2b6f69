package kb.chunker.format;

import java.util.ArrayList;
import java.util.List;

/** Plain text: blank-line paragraphs, small neighbours merged up to a target size. */
public final class PlainTextChunker implements FormatChunker {

    private final int targetChars;

    public PlainTextChunker(int targetChars) {
        this.targetChars = targetChars;
    }

    @Override
    public List<Section> sections(String body, String title) {
        List<Section> sections = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String paragraph : body.split("\\n\\s*\\n")) {
            String p = paragraph.strip();
            if (p.isEmpty()) {
                continue;
            }
            if (current.length() > 0 && current.length() + 2 + p.length() > targetChars) {
                sections.add(new Section(null, current.toString()));
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append("\n\n");
            }
            current.append(p);
        }
        if (current.length() > 0) {
            sections.add(new Section(null, current.toString()));
        }
        return sections;
    }
}
