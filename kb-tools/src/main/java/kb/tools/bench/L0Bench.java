package kb.tools.bench;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.Function;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import kb.query.l0.KeywordIndex;

/**
 * L0 lookup latency and memory at 1k and 10k documents with 5 keywords each, against a plain loop over
 * every keyword (the same matching rules) in the same run.
 */
final class L0Bench {

    private static final int MEMORY_COPIES = 5;
    /** The size issue 41's L0 goal is stated at. */
    private static final int FIGURE_DOCUMENTS = 10_000;

    private L0Bench() {}

    static void run(BenchReport report, int lookups) {
        report.section("L0 keyword lookup");
        report.add("| documents | index lookup | plain loop (baseline) | speed-up (p99) | index memory |");
        report.add("|---|---|---|---|---|");
        for (int documents : new int[] {1_000, 10_000}) {
            measure(report, documents, lookups);
        }
    }

    private static void measure(BenchReport report, int documents, int lookups) {
        Random random = new Random(42);
        List<List<String>> keywords = new ArrayList<>();
        for (int d = 0; d < documents; d++) {
            List<String> words = new ArrayList<>();
            for (int k = 0; k < 5; k++) {
                words.add(word(random) + (k % 2 == 0 ? "_" + d : ""));
            }
            keywords.add(words);
        }
        List<DocumentCard> cards = new ArrayList<>();
        for (int d = 0; d < documents; d++) {
            cards.add(new DocumentCard(
                    "d" + d,
                    "bench",
                    "docs/d" + d + ".md",
                    "Title " + d,
                    keywords.get(d),
                    null,
                    null,
                    "md",
                    "h",
                    1,
                    1,
                    0,
                    NoteMeta.NONE));
        }
        // Only what the indexes retain is counted (the inputs exist before and after), over several copies
        // held at once: one copy's few MB are close to the heap's accounting granularity.
        long before = usedHeap();
        List<KeywordIndex> copies = new ArrayList<>();
        for (int c = 0; c < MEMORY_COPIES; c++) {
            KeywordIndex copy = new KeywordIndex();
            cards.forEach(copy::put);
            copy.publish();
            copies.add(copy);
        }
        long memory = Math.max(0, usedHeap() - before) / MEMORY_COPIES;
        KeywordIndex index = copies.get(0);
        copies.subList(1, copies.size()).clear();
        List<String> queries = queries(random, keywords, lookups);
        List<Double> indexed = time(queries, index::lookup);
        List<Double> loop = time(queries, q -> plainLoop(q, keywords));
        Stats a = Stats.of(indexed);
        Stats b = Stats.of(loop);
        report.add(String.format(
                "| %,d | median %.4f ms, p99 %.4f ms | median %.4f ms, p99 %.4f ms | %.1fx | %.1f MB |",
                documents, a.median(), a.p99(), b.median(), b.p99(), b.p99() / a.p99(), memory / 1e6));
        if (documents == FIGURE_DOCUMENTS) {
            report.figure(Figure.atMost(
                    String.format(Locale.ROOT, "L0 lookup p99, %,d documents", documents), a.p99(), "ms", 0.01));
        }
    }

    /** Half the questions hold a keyword, half hold none. */
    private static List<String> queries(Random random, List<List<String>> keywords, int lookups) {
        List<String> queries = new ArrayList<>();
        for (int i = 0; i < lookups; i++) {
            String hit = keywords.get(random.nextInt(keywords.size())).get(random.nextInt(5));
            queries.add(i % 2 == 0 ? "how do I fix " + hit + " on the server?" : "what is " + word(random) + " about");
        }
        return queries;
    }

    private static List<Double> time(List<String> queries, Function<String, ?> lookup) {
        for (int i = 0; i < Math.min(2_000, queries.size()); i++) {
            lookup.apply(queries.get(i)); // warm-up
        }
        return Baselines.timeEach(queries, lookup);
    }

    /** The baseline: every keyword of every document, tested against the question one by one. */
    private static List<Integer> plainLoop(String query, List<List<String>> keywords) {
        String q = Normalizer.normalize(query, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        List<Integer> hits = new ArrayList<>();
        for (int d = 0; d < keywords.size(); d++) {
            for (String keyword : keywords.get(d)) {
                String k = keyword.toLowerCase(Locale.ROOT);
                int at = q.indexOf(k);
                if (at >= 0
                                && (at == 0 || !Character.isLetterOrDigit(q.charAt(at - 1)))
                                && (at + k.length() == q.length()
                                        || !Character.isLetterOrDigit(q.charAt(at + k.length())))
                        || q.length() >= 2 && k.contains(q)) {
                    hits.add(d);
                    break;
                }
            }
        }
        return hits;
    }

    private static String word(Random random) {
        StringBuilder word = new StringBuilder();
        int length = 4 + random.nextInt(6);
        for (int i = 0; i < length; i++) {
            word.append((char) ('a' + random.nextInt(26)));
        }
        return word.toString();
    }

    private static long usedHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
