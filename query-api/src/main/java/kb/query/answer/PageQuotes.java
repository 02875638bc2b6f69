package kb.query.answer;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import kb.core.PageLayout;

/**
 * A quote checked against the text of its page as kept at extraction, and where on the page it is. Both are
 * compared as their letters and digits only (NFKC, lower case): the passage's lines were joined, words hyphenated at
 * a line end joined back, ligatures folded, so spaces, hyphens and punctuation are not what tells a quote apart.
 */
public final class PageQuotes {

    /** A passage's start shorter than this is not looked for alone: it could be anywhere on the page. */
    static final int MIN_START = 40;

    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private PageQuotes() {}

    /**
     * A page's text as compared, and each line's range in it.
     *
     * @param normal the page's lines, letters and digits only, in reading order
     * @param starts each line's first character in {@code normal}
     * @param ends   each line's end (exclusive) in {@code normal}
     */
    public record PageText(String normal, List<Integer> starts, List<Integer> ends) {}

    public static String normal(String text) {
        return NOT_WORD.matcher(Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT))
                .replaceAll("");
    }

    public static PageText of(PageLayout.Page page) {
        StringBuilder normal = new StringBuilder();
        List<Integer> starts = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        for (PageLayout.Line line : page.lines()) {
            starts.add(normal.length());
            normal.append(normal(line.text()));
            ends.add(normal.length());
        }
        return new PageText(normal.toString(), List.copyOf(starts), List.copyOf(ends));
    }

    /** Whether the quote's words are on these pages, together and in order (the pages' texts run on). */
    public static boolean verified(String quote, List<PageLayout.Page> pages) {
        String wanted = normal(quote);
        if (wanted.isEmpty() || pages.isEmpty()) {
            return false;
        }
        StringBuilder text = new StringBuilder();
        pages.forEach(p -> text.append(of(p).normal()));
        return text.indexOf(wanted) >= 0;
    }

    /**
     * The indexes of the page's lines the quote covers (in part): where all of it is on the page, else where its
     * longest beginning of at least {@link #MIN_START} characters is (a passage that runs on to the next page); none
     * when neither is. The page view (page-view.js) marks the same lines.
     */
    public static List<Integer> lines(String quote, PageLayout.Page page) {
        String wanted = normal(quote);
        PageText text = of(page);
        int length = wanted.isEmpty() ? 0 : longestStart(text.normal(), wanted);
        List<Integer> covered = new ArrayList<>();
        if (length == 0) {
            return covered;
        }
        int at = text.normal().indexOf(wanted.substring(0, length));
        int end = at + length;
        for (int i = 0; i < text.starts().size(); i++) {
            if (text.starts().get(i) < end && text.ends().get(i) > at) {
                covered.add(i);
            }
        }
        return covered;
    }

    /** The quote's length when it is on the page whole, else its longest start found there, else 0. */
    private static int longestStart(String page, String wanted) {
        if (page.contains(wanted)) {
            return wanted.length();
        }
        if (wanted.length() <= MIN_START || !page.contains(wanted.substring(0, MIN_START))) {
            return 0;
        }
        // Every start shorter than one found is found too: the longest is found by halving.
        int low = MIN_START;
        int high = wanted.length() - 1;
        while (low < high) {
            int mid = (low + high + 1) / 2;
            if (page.contains(wanted.substring(0, mid))) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }
}
