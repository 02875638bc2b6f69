package kb.query.l0;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import kb.core.DocumentCard;

/**
 * L0: the exact keyword tier. A document hits when the query contains one of its frontmatter keywords
 * (whole words for Latin and digits, substrings for CJK), or when one of its keywords contains the whole
 * query (queries of 2+ characters). Lookups read an immutable snapshot (an Aho-Corasick automaton for the
 * first rule, a bigram index for the second); updates swap in a new one.
 */
public final class KeywordIndex {

    /** What L0 keeps of a document: no content, so 10k documents stay within a few MB. */
    private record Entry(String docId, String path, String title, List<String> keywords) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot = Snapshot.build(List.of());

    /** Adds or replaces a document's keywords; a card without keywords removes it from L0. */
    public synchronized void put(DocumentCard card) {
        List<String> keywords = card.keywords().stream().map(KeywordText::normalize).filter(k -> !k.isEmpty())
                .distinct().toList();
        if (keywords.isEmpty()) {
            entries.remove(card.docId());
        } else {
            entries.put(card.docId(), new Entry(card.docId(), card.path(), card.title(), keywords));
        }
    }

    public synchronized void remove(String docId) {
        entries.remove(docId);
    }

    /** Makes the updates so far visible to lookups (one rebuild for a batch of updates). */
    public synchronized void publish() {
        snapshot = Snapshot.build(List.copyOf(entries.values()));
    }

    public int size() {
        return entries.size();
    }

    /** Matching documents ordered by path; never null. */
    public List<L0Hit> lookup(String query) {
        return snapshot.lookup(KeywordText.normalize(query));
    }

    /** Ideographs, kana and hangul: scripts that do not separate words by spaces. */
    public static boolean isCjk(char c) {
        return KeywordText.isCjk(c);
    }

    /** Every keyword of every document, for suggestions. */
    public List<String> allKeywords() {
        return snapshot.keywords;
    }

    private static final class Snapshot {
        private final List<Entry> owners = new ArrayList<>();
        private final List<String> keywords = new ArrayList<>();
        private final Map<Integer, int[]> bigrams = new HashMap<>();
        private AhoCorasick automaton;

        static Snapshot build(List<Entry> entries) {
            Snapshot s = new Snapshot();
            Map<Integer, List<Integer>> postings = new HashMap<>();
            for (Entry entry : entries) {
                for (String keyword : entry.keywords()) {
                    int id = s.keywords.size();
                    s.keywords.add(keyword);
                    s.owners.add(entry);
                    for (int gram : bigramsOf(keyword)) {
                        postings.computeIfAbsent(gram, g -> new ArrayList<>()).add(id);
                    }
                }
            }
            // Posting lists as int arrays: the index is rebuilt rarely and read often.
            postings.forEach((gram, ids) -> s.bigrams.put(gram, ids.stream().mapToInt(Integer::intValue).toArray()));
            s.automaton = new AhoCorasick(s.keywords);
            return s;
        }

        List<L0Hit> lookup(String query) {
            if (query.isEmpty()) {
                return List.of();
            }
            Map<Entry, Set<String>> matched = new LinkedHashMap<>();
            automaton.forEachMatch(query, m -> {
                if (KeywordText.atBoundaries(query, m.start(), m.end())) {
                    matched.computeIfAbsent(owners.get(m.pattern()), e -> new HashSet<>()).add(keywords.get(m.pattern()));
                }
            });
            if (query.length() >= 2) {
                for (int id : keywordsContaining(query)) {
                    matched.computeIfAbsent(owners.get(id), e -> new HashSet<>()).add(keywords.get(id));
                }
            }
            return matched.entrySet().stream()
                    .sorted(Comparator.comparing((Map.Entry<Entry, Set<String>> e) -> e.getKey().path()))
                    .map(e -> new L0Hit(e.getKey().docId(), e.getKey().path(), e.getKey().title(),
                            e.getValue().stream().sorted().toList()))
                    .toList();
        }

        /** Keywords that contain the whole query as a word (Latin) or substring (CJK), via the bigram index. */
        private List<Integer> keywordsContaining(String query) {
            int[] candidates = null;
            for (int gram : bigramsOf(query)) {
                int[] posting = bigrams.getOrDefault(gram, NO_IDS);
                if (candidates == null || posting.length < candidates.length) {
                    candidates = posting;
                }
            }
            List<Integer> found = new ArrayList<>();
            for (int id : candidates == null ? NO_IDS : candidates) {
                String keyword = keywords.get(id);
                for (int at = keyword.indexOf(query); at >= 0; at = keyword.indexOf(query, at + 1)) {
                    if (KeywordText.atBoundaries(keyword, at, at + query.length())) {
                        found.add(id);
                        break;
                    }
                }
            }
            return found;
        }

        private static final int[] NO_IDS = new int[0];

        /** Each pair of adjacent chars packed into an int. */
        private static Set<Integer> bigramsOf(String text) {
            Set<Integer> grams = new java.util.LinkedHashSet<>();
            for (int i = 0; i + 2 <= text.length(); i++) {
                grams.add(text.charAt(i) << 16 | text.charAt(i + 1));
            }
            return grams;
        }
    }

}
