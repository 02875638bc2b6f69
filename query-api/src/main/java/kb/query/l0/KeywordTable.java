package kb.query.l0;

import java.util.Arrays;
import java.util.List;

/**
 * Every keyword of an L0 snapshot in a few flat arrays (about 14 bytes a keyword plus its characters): the
 * text back to back in one string, and an open-addressing table keyed by {@link String#hashCode()}, so a
 * caller scanning a question can extend the hash of a candidate substring one character at a time and probe
 * without building the substring.
 */
final class KeywordTable {

    private static final int EMPTY = -1;

    private final String text;
    private final int[] starts;
    private final int[] hashes;
    /** Keyword id of the first keyword of each distinct text, or EMPTY. */
    private final int[] slots;
    /** Next keyword id with the same text (another document's copy), or EMPTY. */
    private final int[] nextSame;

    private final int maxLength;

    KeywordTable(List<String> keywords) {
        StringBuilder all = new StringBuilder();
        starts = new int[keywords.size() + 1];
        hashes = new int[keywords.size()];
        int longest = 0;
        for (int id = 0; id < keywords.size(); id++) {
            String keyword = keywords.get(id);
            starts[id] = all.length();
            hashes[id] = keyword.hashCode();
            all.append(keyword);
            longest = Math.max(longest, keyword.length());
        }
        starts[keywords.size()] = all.length();
        text = all.toString();
        maxLength = longest;
        slots = new int[Math.max(2, Integer.highestOneBit(Math.max(1, keywords.size())) << 2)];
        Arrays.fill(slots, EMPTY);
        nextSame = new int[keywords.size()];
        Arrays.fill(nextSame, EMPTY);
        for (int id = 0; id < keywords.size(); id++) {
            insert(id);
        }
    }

    private void insert(int id) {
        int mask = slots.length - 1;
        for (int slot = mix(hashes[id]) & mask; ; slot = (slot + 1) & mask) {
            int first = slots[slot];
            if (first == EMPTY) {
                slots[slot] = id;
                return;
            }
            if (hashes[first] == hashes[id] && keyword(first).equals(keyword(id))) {
                nextSame[id] = nextSame[first];
                nextSame[first] = id;
                return;
            }
        }
    }

    /** The first keyword whose text is {@code query[start, end)} (whose hash is {@code hash}), or -1. */
    int find(String query, int start, int end, int hash) {
        int length = end - start;
        int mask = slots.length - 1;
        for (int slot = mix(hash) & mask; slots[slot] != EMPTY; slot = (slot + 1) & mask) {
            int id = slots[slot];
            if (hashes[id] == hash
                    && starts[id + 1] - starts[id] == length
                    && query.regionMatches(start, text, starts[id], length)) {
                return id;
            }
        }
        return EMPTY;
    }

    /** The next keyword with the same text as {@code id}, or -1. */
    int nextSame(int id) {
        return nextSame[id];
    }

    String keyword(int id) {
        return text.substring(starts[id], starts[id + 1]);
    }

    int size() {
        return hashes.length;
    }

    int maxLength() {
        return maxLength;
    }

    /** String hashes of similar words differ in their low bits only a little: spread them over the table. */
    private static int mix(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
