package kb.query.l0;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Multi-pattern matcher: finds every occurrence of every pattern in one pass over the text, whatever the
 * number of patterns. Immutable once built, and compact (a few int arrays, about 22 bytes a trie node):
 * children as sibling lists, except the root's, which is a direct table since every match starts there.
 */
final class AhoCorasick {

    /** One occurrence: which pattern, over {@code [start, end)} of the text. */
    record Match(int pattern, int start, int end) {
    }

    private static final int NONE = -1;

    private int[] firstChild;
    private int[] nextSibling;
    private char[] edge;
    private int[] fail;
    private int[] outHead;
    private int[] dictLink;
    private final int[] outNext;
    private final int[] lengths;
    private final int[] rootTable = new int[Character.MAX_VALUE + 1];
    private int states = 1;

    AhoCorasick(List<String> patterns) {
        int capacity = 1 + patterns.stream().mapToInt(String::length).sum();
        firstChild = filled(capacity);
        nextSibling = filled(capacity);
        edge = new char[capacity];
        outHead = filled(capacity);
        outNext = filled(patterns.size());
        lengths = new int[patterns.size()];
        Arrays.fill(rootTable, NONE);
        for (int p = 0; p < patterns.size(); p++) {
            insert(patterns.get(p), p);
        }
        fail = new int[states];
        dictLink = filled(states);
        linkFailures();
    }

    private static int[] filled(int size) {
        int[] array = new int[size];
        Arrays.fill(array, NONE);
        return array;
    }

    private void insert(String pattern, int id) {
        lengths[id] = pattern.length();
        if (pattern.isEmpty()) {
            return;
        }
        int state = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            int child = child(state, c);
            if (child == NONE) {
                child = states++;
                edge[child] = c;
                if (state == 0) {
                    rootTable[c] = child;
                } else {
                    nextSibling[child] = firstChild[state];
                    firstChild[state] = child;
                }
            }
            state = child;
        }
        outNext[id] = outHead[state];
        outHead[state] = id;
    }

    private int child(int state, char c) {
        if (state == 0) {
            return rootTable[c];
        }
        for (int s = firstChild[state]; s != NONE; s = nextSibling[s]) {
            if (edge[s] == c) {
                return s;
            }
        }
        return NONE;
    }

    /** Breadth-first: each state's failure link is the longest proper suffix that is also a prefix. */
    private void linkFailures() {
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < rootTable.length; c++) {
            if (rootTable[c] != NONE) {
                fail[rootTable[c]] = 0;
                queue.add(rootTable[c]);
            }
        }
        while (!queue.isEmpty()) {
            int state = queue.poll();
            for (int s = firstChild[state]; s != NONE; s = nextSibling[s]) {
                int f = fail[state];
                int via = step(f, edge[s]);
                fail[s] = via == s ? 0 : via;
                dictLink[s] = outHead[fail[s]] != NONE ? fail[s] : dictLink[fail[s]];
                queue.add(s);
            }
        }
    }

    /** The automaton's move: the child, else along failure links, else the root. */
    private int step(int state, char c) {
        while (true) {
            int child = child(state, c);
            if (child != NONE) {
                return child;
            }
            if (state == 0) {
                return 0;
            }
            state = fail[state];
        }
    }

    void forEachMatch(String text, Consumer<Match> sink) {
        int state = 0;
        for (int i = 0; i < text.length(); i++) {
            state = step(state, text.charAt(i));
            for (int s = outHead[state] != NONE ? state : dictLink[state]; s != NONE; s = dictLink[s]) {
                for (int p = outHead[s]; p != NONE; p = outNext[p]) {
                    sink.accept(new Match(p, i + 1 - lengths[p], i + 1));
                }
            }
        }
    }
}
