package kb.query.l0;

import java.util.Arrays;

/**
 * Which keywords contain a given pair of adjacent characters: the candidates for "a keyword contains the
 * whole question". Stored as one sorted key array and one postings array (compressed rows), not a map.
 */
final class BigramIndex {

    private static final int[] NONE = new int[0];

    private final int[] grams;
    private final int[] rowStarts;
    private final int[] postings;

    BigramIndex(KeywordTable keywords) {
        // (gram, keyword id) pairs, sorted: rows come out grouped by gram with ids ascending.
        long[] pairs = new long[Math.max(16, keywords.size() * 8)];
        int n = 0;
        for (int id = 0; id < keywords.size(); id++) {
            for (int gram : of(keywords.keyword(id))) {
                if (n == pairs.length) {
                    pairs = Arrays.copyOf(pairs, n * 2);
                }
                pairs[n++] = (long) gram << 32 | id;
            }
        }
        pairs = Arrays.copyOf(pairs, n);
        Arrays.sort(pairs);
        postings = new int[pairs.length];
        int[] keys = new int[pairs.length];
        int[] rows = new int[pairs.length + 1];
        int distinct = 0;
        for (int i = 0; i < pairs.length; i++) {
            int gram = (int) (pairs[i] >> 32);
            if (distinct == 0 || keys[distinct - 1] != gram) {
                keys[distinct] = gram;
                rows[distinct++] = i;
            }
            postings[i] = (int) pairs[i];
        }
        rows[distinct] = pairs.length;
        grams = Arrays.copyOf(keys, distinct);
        rowStarts = Arrays.copyOf(rows, distinct + 1);
    }

    /** The shortest posting list among the text's bigrams: every keyword containing the text is in it. */
    int[] candidates(String text) {
        int best = -1;
        for (int gram : of(text)) {
            int row = Arrays.binarySearch(grams, gram);
            if (row < 0) {
                return NONE;
            }
            if (best < 0 || rowLength(row) < rowLength(best)) {
                best = row;
            }
        }
        return best < 0 ? NONE : Arrays.copyOfRange(postings, rowStarts[best], rowStarts[best + 1]);
    }

    private int rowLength(int row) {
        return rowStarts[row + 1] - rowStarts[row];
    }

    /** Each distinct pair of adjacent chars, packed into an int, in ascending order. */
    private static int[] of(String text) {
        int[] grams = new int[Math.max(0, text.length() - 1)];
        for (int i = 0; i < grams.length; i++) {
            grams[i] = text.charAt(i) << 16 | text.charAt(i + 1);
        }
        // A plain sort and one pass rather than a stream: this runs on every question L0 is asked.
        Arrays.sort(grams);
        int distinct = 0;
        for (int i = 0; i < grams.length; i++) {
            if (distinct == 0 || grams[distinct - 1] != grams[i]) {
                grams[distinct++] = grams[i];
            }
        }
        return distinct == grams.length ? grams : Arrays.copyOf(grams, distinct);
    }
}
