package kb.query.answer;

/**
 * A document's text as a reader wants it: without the YAML frontmatter block (metadata the card already shows;
 * long {@code aliases:} lists would otherwise eat a preview).
 */
final class DocumentText {

    private DocumentText() {}

    /** The content after a leading {@code ---} ... {@code ---} block; the content itself when it has none. */
    static String withoutFrontmatter(String content) {
        if (content == null) {
            return "";
        }
        String text = content.startsWith("\uFEFF") ? content.substring(1) : content;
        if (!text.startsWith("---\n") && !text.startsWith("---\r\n")) {
            return text;
        }
        int end = text.indexOf("\n---", 3);
        while (end >= 0) {
            int lineEnd = end + 4;
            if (lineEnd == text.length() || text.charAt(lineEnd) == '\n' || text.charAt(lineEnd) == '\r') {
                return text.substring(Math.min(text.length(), lineEnd)).stripLeading();
            }
            end = text.indexOf("\n---", lineEnd);
        }
        return text;
    }
}
