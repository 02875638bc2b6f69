package kb.ingest.extract;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.core.ExtractedText.Block;
import kb.core.Hyphenation;

/**
 * Makes a PDF's text read as its pages do, for what PDFBox's own options leave: ligatures folded ({@code ﬁ} to
 * {@code fi}), running headers and footers dropped, and the lines of a paragraph joined with a space, a word
 * hyphenated across a line end joined back when the document says it is one word. A glued or broken word is a
 * word neither BM25 nor a reader can match.
 */
final class PdfPageText {

    /** A line at the top or bottom of at least this share of the odd (or even) pages is a running header or footer. */
    static final double RUNNING_SHARE = 0.5;
    /** Fewer pages than this have no running header to speak of (a two-page sheet's title is not one). */
    static final int MIN_PAGES = 4;
    /** How many lines at the top and at the bottom of a page may be a running header or footer. */
    static final int EDGE_LINES = 2;

    private static final Pattern LIGATURES = Pattern.compile("[\\uFB00-\\uFB06]");
    private static final Pattern WORD = Pattern.compile("\\p{L}+(?:-\\p{L}+)*");
    private static final Pattern LINE_END_HYPHEN = Pattern.compile("\\p{L}[-\\u00AD\\u2010]\\n\\p{L}");
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private PdfPageText() {}

    /** @param blocks a PDF's blocks in document order, each on its page */
    static List<Block> clean(List<Block> blocks) {
        List<Block> folded = new ArrayList<>(blocks.size());
        for (Block block : blocks) {
            folded.add(withText(block, foldLigatures(block.text())));
        }
        List<Block> kept = RunningLines.drop(folded);
        Set<String> vocabulary = vocabulary(kept);
        List<Block> out = new ArrayList<>(kept.size());
        for (Block block : kept) {
            out.add(withText(block, joinLines(block.text(), vocabulary)));
        }
        return out;
    }

    static String foldLigatures(String text) {
        Matcher m = LIGATURES.matcher(text);
        return m.find() ? m.replaceAll(r -> Normalizer.normalize(r.group(), Normalizer.Form.NFKC)) : text;
    }

    /**
     * The document's words, lower case, hyphenated compounds ({@code two-column}) included, from everything but
     * the halves of words hyphenated at a line end.
     */
    static Set<String> vocabulary(List<Block> blocks) {
        Set<String> words = new HashSet<>();
        for (Block block : blocks) {
            String text = block.text().replaceAll("\\p{L}+[-\\u00AD\\u2010]\\n\\p{L}+", " ");
            Matcher m = WORD.matcher(text);
            while (m.find()) {
                String word = m.group().toLowerCase(Locale.ROOT);
                words.add(word);
                if (word.indexOf('-') > 0) {
                    words.addAll(List.of(word.split("-")));
                }
            }
        }
        return words;
    }

    /** The lines of a block joined with a space; a hyphen at a line end removed where the joined word is a word. */
    static String joinLines(String text, Set<String> vocabulary) {
        String[] lines = text.split("\n");
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (i + 1 < lines.length
                    && LINE_END_HYPHEN
                            .matcher(lastChars(line) + "\n" + firstChar(lines[i + 1]))
                            .matches()) {
                out.append(dehyphenate(line, lines[i + 1], vocabulary));
            } else {
                out.append(line);
                if (i + 1 < lines.length) {
                    out.append(' ');
                }
            }
        }
        return out.toString();
    }

    /** The line without its final hyphen (a word broken by the typesetter), or with it (a compound). */
    private static String dehyphenate(String line, String next, Set<String> vocabulary) {
        char hyphen = line.charAt(line.length() - 1);
        String body = line.substring(0, line.length() - 1);
        return Hyphenation.isCompound(hyphen, body, next, vocabulary) ? body + "-" : body;
    }

    private static String lastChars(String line) {
        return line.length() < 2 ? line : line.substring(line.length() - 2);
    }

    private static String firstChar(String line) {
        return line.isEmpty() ? "" : line.substring(0, 1);
    }

    static Block withText(Block block, String text) {
        return new Block(block.unit(), block.number(), block.part(), block.level(), text);
    }

    /** Running headers and footers: lines at a page's edge that recur, numbers aside, on most pages. */
    static final class RunningLines {

        private RunningLines() {}

        static List<Block> drop(List<Block> blocks) {
            Map<Integer, List<String>> edges = edgeLines(blocks);
            if (edges.size() < MIN_PAGES) {
                return blocks;
            }
            // Counted on odd and even pages apart: a book's left and right pages carry different running heads.
            Map<String, Integer> pagesWith = new HashMap<>();
            int[] pagesOf = new int[2];
            edges.forEach((page, lines) -> {
                pagesOf[page % 2]++;
                new HashSet<>(lines).forEach(k -> pagesWith.merge(page % 2 + "|" + k, 1, Integer::sum));
            });
            Set<String> running = new HashSet<>();
            pagesWith.forEach((key, pages) -> {
                int parity = key.charAt(0) - '0';
                if (pages >= Math.max(2, RUNNING_SHARE * pagesOf[parity])) {
                    running.add(key.substring(2));
                }
            });
            return running.isEmpty() ? blocks : without(blocks, running);
        }

        /** The key of each of the first and last {@link #EDGE_LINES} lines of each page. */
        private static Map<Integer, List<String>> edgeLines(List<Block> blocks) {
            Map<Integer, List<String>> lines = new HashMap<>();
            for (Block block : blocks) {
                for (String line : block.text().split("\n")) {
                    lines.computeIfAbsent(block.number(), n -> new ArrayList<>())
                            .add(key(line));
                }
            }
            Map<Integer, List<String>> edges = new HashMap<>();
            lines.forEach((page, all) -> {
                List<String> edge = new ArrayList<>();
                for (int i = 0; i < all.size(); i++) {
                    if (i < EDGE_LINES || i >= all.size() - EDGE_LINES) {
                        edge.add(all.get(i));
                    }
                }
                edges.put(page, edge);
            });
            return edges;
        }

        /**
         * The blocks without the running lines found at their page's edges; blocks left empty dropped. A page that
         * holds nothing but such lines keeps them: a line that recurs on every page is then the page's content (a
         * form, a generated report), not a running head over it.
         */
        private static List<Block> without(List<Block> blocks, Set<String> running) {
            Map<Integer, Integer> lineCounts = new HashMap<>();
            for (Block block : blocks) {
                lineCounts.merge(block.number(), block.text().split("\n").length, Integer::sum);
            }
            Map<Integer, Integer> contentLines = new HashMap<>();
            List<List<String>> kept = new ArrayList<>(blocks.size());
            Map<Integer, Integer> seen = new HashMap<>();
            for (Block block : blocks) {
                int total = lineCounts.get(block.number());
                List<String> keep = new ArrayList<>();
                for (String line : block.text().split("\n")) {
                    int at = seen.merge(block.number(), 1, Integer::sum) - 1;
                    boolean edge = at < EDGE_LINES || at >= total - EDGE_LINES;
                    if (!(edge && running.contains(key(line)))) {
                        keep.add(line);
                    }
                }
                contentLines.merge(block.number(), keep.size(), Integer::sum);
                kept.add(keep);
            }
            List<Block> out = new ArrayList<>(blocks.size());
            for (int i = 0; i < blocks.size(); i++) {
                Block block = blocks.get(i);
                if (contentLines.get(block.number()) == 0) {
                    out.add(block);
                } else if (!kept.get(i).isEmpty()) {
                    out.add(withText(block, String.join("\n", kept.get(i))));
                }
            }
            return out;
        }

        /** A line compared across pages: case, spacing and numbers (page 4 of 56) aside. */
        static String key(String line) {
            return DIGITS.matcher(line.strip().toLowerCase(Locale.ROOT))
                    .replaceAll("#")
                    .replaceAll("\\s+", " ");
        }
    }
}
