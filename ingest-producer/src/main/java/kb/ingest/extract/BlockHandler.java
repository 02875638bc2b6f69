package kb.ingest.extract;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import kb.core.ExtractedText;
import kb.core.Location;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Turns Tika's XHTML into blocks of text with their structure: headings ({@code h1}-{@code h6}), paragraphs, list
 * items and table rows, each with the page ({@code div.page} of a PDF), slide ({@code div.slide-content}) or sheet
 * row ({@code tr} in {@code div.sheet}, named by the sheet's {@code h1}) it is on. Stops the parse once the text
 * passes the cap, so a huge document costs no more than the cap.
 */
final class BlockHandler extends DefaultHandler {

    /** Thrown to stop the parse at the cap. */
    static final class CapReached extends SAXException {
        CapReached(long cap) {
            super("extracted text over the cap of " + cap + " characters");
        }
    }

    private static final Set<String> BLOCKS = Set.of(
            "p",
            "li",
            "pre",
            "blockquote",
            "dt",
            "dd",
            "caption",
            "tr",
            "div",
            "table",
            "ul",
            "ol",
            "section",
            "article");
    private static final Set<String> SKIPPED = Set.of("head", "script", "style", "title");
    /** Parts of a presentation that repeat on every slide (masters) or hold no text of the document's own. */
    private static final Set<String> SKIPPED_DIVS = Set.of("slide-master-content", "slide-layout-content", "embedded");

    private final Location.Unit unit;
    private final long maxChars;
    private final List<ExtractedText.Block> blocks = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    /** For each open div: whether it started a skipped part. */
    private final Deque<Boolean> divs = new ArrayDeque<>();

    private long chars;
    private int skipping;
    private int number;
    private int parts;
    private String sheet;
    private int level;
    private boolean inSheetName;

    /** @param unit what the document's parts are (page, slide, row), or null for a document without them */
    BlockHandler(Location.Unit unit, long maxChars) {
        this.unit = unit;
        this.maxChars = maxChars;
    }

    List<ExtractedText.Block> blocks() {
        return List.copyOf(blocks);
    }

    /** Pages, slides or sheets seen: a PDF with pages and no text has no text layer. */
    int parts() {
        return parts;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) throws SAXException {
        String name = localName.isEmpty() ? qName : localName;
        if (SKIPPED.contains(name)) {
            skipping++;
            return;
        }
        if ("div".equals(name)) {
            boolean skip = SKIPPED_DIVS.contains(attributes.getValue("class"));
            divs.push(skip);
            if (skip) {
                skipping++;
                return;
            }
            startPart(attributes.getValue("class"));
        }
        if (isHeading(name)) {
            flush();
            inSheetName = unit == Location.Unit.ROW; // a spreadsheet's h1 names its sheet
            level = inSheetName ? 0 : name.charAt(1) - '0';
        } else if ("td".equals(name) || "th".equals(name)) {
            if (!text.isEmpty()) {
                text.append(" | ");
            }
        } else if ("br".equals(name)) {
            text.append('\n');
        } else if (BLOCKS.contains(name)) {
            flush();
            if ("tr".equals(name) && unit == Location.Unit.ROW) {
                number++;
            }
        }
    }

    private void startPart(String cssClass) throws SAXException {
        if (cssClass == null || unit == null) {
            return;
        }
        boolean page = unit == Location.Unit.PAGE && "page".equals(cssClass);
        boolean slide = unit == Location.Unit.SLIDE && ("slide-content".equals(cssClass) || "page".equals(cssClass));
        boolean newSheet = unit == Location.Unit.ROW && ("sheet".equals(cssClass) || "page".equals(cssClass));
        if (page || slide || newSheet) {
            flush();
            parts++;
            number = newSheet ? 0 : number + 1;
            sheet = newSheet ? "Sheet" + parts : sheet;
        }
    }

    @Override
    public void endElement(String uri, String localName, String qName) throws SAXException {
        String name = localName.isEmpty() ? qName : localName;
        if (SKIPPED.contains(name) || ("div".equals(name) && Boolean.TRUE.equals(divs.poll()))) {
            skipping--;
            return;
        }
        if (inSheetName && isHeading(name)) {
            String named = normalise(text);
            sheet = named.isEmpty() ? sheet : named;
            text.setLength(0);
            inSheetName = false;
        } else if (BLOCKS.contains(name) || isHeading(name)) {
            flush();
        }
    }

    private static boolean isHeading(String name) {
        return name.length() == 2 && name.charAt(0) == 'h' && name.charAt(1) >= '1' && name.charAt(1) <= '6';
    }

    @Override
    public void characters(char[] ch, int start, int length) {
        if (skipping == 0) {
            text.append(ch, start, length);
        }
    }

    @Override
    public void ignorableWhitespace(char[] ch, int start, int length) {
        // Layout between elements, but Tika's PDF parser also ends each line of a paragraph this way: kept as a
        // line break, or the last word of a line is glued to the first of the next.
        if (unit == Location.Unit.PAGE
                && skipping == 0
                && !text.isEmpty()
                && !Character.isWhitespace(text.charAt(text.length() - 1))) {
            text.append('\n');
        }
    }

    @Override
    public void endDocument() throws SAXException {
        flush();
    }

    private void flush() throws SAXException {
        String content = normalise(text);
        text.setLength(0);
        int headingLevel = level;
        level = 0;
        if (content.isEmpty()) {
            return;
        }
        chars += content.length();
        if (chars > maxChars) {
            throw new CapReached(maxChars);
        }
        boolean located = unit != null && (unit == Location.Unit.ROW ? sheet != null : number > 0);
        blocks.add(new ExtractedText.Block(
                located ? unit : null,
                located ? Math.max(1, number) : 0,
                located && unit == Location.Unit.ROW ? sheet : null,
                headingLevel,
                content));
    }

    /** Lines stripped, blank lines and runs of spaces dropped: layout, not text. */
    static String normalise(CharSequence raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (String line : raw.toString().split("\n")) {
            String stripped = line.strip().replaceAll("[ \\t\\u00A0]{2,}", " ");
            if (!stripped.isEmpty()) {
                if (!out.isEmpty()) {
                    out.append('\n');
                }
                out.append(stripped);
            }
        }
        return out.toString();
    }
}
