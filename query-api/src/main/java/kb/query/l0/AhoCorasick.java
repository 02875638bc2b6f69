package kb.query.l0;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * Multi-pattern matcher: finds every occurrence of every pattern in a text in one pass over the text,
 * whatever the number of patterns. Immutable once built.
 */
final class AhoCorasick {

    /** One occurrence: which pattern, ending just before {@code end}. */
    record Match(int pattern, int start, int end) {
    }

    private final List<Map<Character, Integer>> next = new ArrayList<>();
    private final int[] fail;
    private final int[][] outputs;
    private final int[] lengths;

    AhoCorasick(List<String> patterns) {
        List<List<Integer>> out = new ArrayList<>();
        next.add(new HashMap<>());
        out.add(new ArrayList<>());
        lengths = new int[patterns.size()];
        for (int p = 0; p < patterns.size(); p++) {
            String pattern = patterns.get(p);
            lengths[p] = pattern.length();
            int state = 0;
            for (int i = 0; i < pattern.length(); i++) {
                Integer target = next.get(state).get(pattern.charAt(i));
                if (target == null) {
                    target = next.size();
                    next.get(state).put(pattern.charAt(i), target);
                    next.add(new HashMap<>());
                    out.add(new ArrayList<>());
                }
                state = target;
            }
            if (!pattern.isEmpty()) {
                out.get(state).add(p);
            }
        }
        fail = new int[next.size()];
        linkFailures(out);
        outputs = new int[out.size()][];
        for (int s = 0; s < out.size(); s++) {
            outputs[s] = out.get(s).stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Breadth-first: each state's failure link is the longest proper suffix that is also a prefix. */
    private void linkFailures(List<List<Integer>> out) {
        ArrayDeque<Integer> queue = new ArrayDeque<>(next.get(0).values());
        while (!queue.isEmpty()) {
            int state = queue.poll();
            for (Map.Entry<Character, Integer> edge : next.get(state).entrySet()) {
                int child = edge.getValue();
                int f = fail[state];
                while (f != 0 && !next.get(f).containsKey(edge.getKey())) {
                    f = fail[f];
                }
                Integer via = next.get(f).get(edge.getKey());
                fail[child] = via == null || via == child ? 0 : via;
                out.get(child).addAll(out.get(fail[child]));
                queue.add(child);
            }
        }
    }

    void forEachMatch(String text, java.util.function.Consumer<Match> sink) {
        int state = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            while (state != 0 && !next.get(state).containsKey(c)) {
                state = fail[state];
            }
            state = next.get(state).getOrDefault(c, 0);
            int end = i + 1;
            for (int p : outputs[state]) {
                sink.accept(new Match(p, end - lengths[p], end));
            }
        }
    }

    /** Patterns found anywhere in the text, without positions. */
    void forEachPattern(String text, IntConsumer sink) {
        forEachMatch(text, m -> sink.accept(m.pattern()));
    }
}
