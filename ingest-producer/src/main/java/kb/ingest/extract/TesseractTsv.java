package kb.ingest.extract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kb.core.PageLayout;

/**
 * Tesseract's TSV output (a row per page, block, paragraph, line and word, each with its box in pixels) as the
 * page's lines: the words of each line joined, their boxes united. Chinese comes out a character per "word"; those,
 * and the full-width punctuation between them, are joined without the space Tesseract puts between them.
 */
final class TesseractTsv {

    private static final int LEVEL_WORD = 5;
    private static final int COLUMNS = 12;

    private TesseractTsv() {}

    /**
     * @param tsv   Tesseract's output, header first
     * @param scale page units per pixel (72 / the rendering's dots per inch)
     */
    static List<PageLayout.Line> lines(String tsv, float scale) {
        Map<String, Box> lines = new LinkedHashMap<>();
        for (String row : tsv.lines().skip(1).toList()) {
            String[] cells = row.split("\t", -1);
            if (cells.length < COLUMNS || !cells[0].equals(Integer.toString(LEVEL_WORD))) {
                continue;
            }
            String word = cells[11].strip();
            if (word.isEmpty()) {
                continue;
            }
            String key = cells[2] + "." + cells[3] + "." + cells[4];
            lines.computeIfAbsent(key, k -> new Box())
                    .add(word, num(cells[6]), num(cells[7]), num(cells[8]), num(cells[9]));
        }
        List<PageLayout.Line> out = new ArrayList<>(lines.size());
        for (Box box : lines.values()) {
            out.add(new PageLayout.Line(
                    PdfLines.round(box.left * scale),
                    PdfLines.round(box.top * scale),
                    PdfLines.round((box.right - box.left) * scale),
                    PdfLines.round((box.bottom - box.top) * scale),
                    box.text.toString()));
        }
        return out;
    }

    /** Where the paragraph breaks are: Tesseract's paragraphs, as the block and paragraph numbers of each line. */
    static List<String> paragraphs(String tsv) {
        Map<String, StringBuilder> paragraphs = new LinkedHashMap<>();
        Map<String, String> lastLine = new LinkedHashMap<>();
        for (String row : tsv.lines().skip(1).toList()) {
            String[] cells = row.split("\t", -1);
            if (cells.length < COLUMNS || !cells[0].equals(Integer.toString(LEVEL_WORD)) || cells[11].isBlank()) {
                continue;
            }
            String paragraph = cells[2] + "." + cells[3];
            StringBuilder text = paragraphs.computeIfAbsent(paragraph, k -> new StringBuilder());
            String line = cells[4];
            String word = cells[11].strip();
            if (text.length() > 0) {
                boolean sameLine = line.equals(lastLine.get(paragraph));
                text.append(sameLine ? (cjk(text.charAt(text.length() - 1)) && cjk(word.charAt(0)) ? "" : " ") : "\n");
            }
            text.append(word);
            lastLine.put(paragraph, line);
        }
        return paragraphs.values().stream().map(StringBuilder::toString).toList();
    }

    private static int num(String cell) {
        return Integer.parseInt(cell.strip());
    }

    /** Written without spaces: Han, kana, and the full-width punctuation between them ("。", "，", "："). */
    static boolean cjk(char c) {
        Character.UnicodeScript script = Character.UnicodeScript.of(c);
        Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || block == Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION
                || block == Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS;
    }

    /** One line's words and the box around them, in pixels. */
    private static final class Box {
        final StringBuilder text = new StringBuilder();
        int left = Integer.MAX_VALUE;
        int top = Integer.MAX_VALUE;
        int right = Integer.MIN_VALUE;
        int bottom = Integer.MIN_VALUE;

        void add(String word, int x, int y, int width, int height) {
            if (text.length() > 0 && !(cjk(text.charAt(text.length() - 1)) && cjk(word.charAt(0)))) {
                text.append(' ');
            }
            text.append(word);
            left = Math.min(left, x);
            top = Math.min(top, y);
            right = Math.max(right, x + width);
            bottom = Math.max(bottom, y + height);
        }
    }
}
