package kb.query.l0;

import java.util.ArrayList;
import java.util.Comparator;
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
 * query (queries of 2+ characters). Lookups read an immutable snapshot (a hashed keyword table for the
 * first rule, a bigram index for the second); updates swap in a new one. Flat arrays rather than objects
 * per keyword keep 10k documents with 5 keywords each within a few MB.
 */
public final class KeywordIndex {

    /** Separates a document's keywords in {@link Entry#keywords}: normalised keywords never hold it. */
    private static final char SEPARATOR = '\u0000';

    /** What L0 keeps of a document: no content, and its keywords as one string. */
    private record Entry(String docId, String collection, String path, String title, String category, String keywords) {

        List<String> keywordList() {
            return List.of(keywords.split(String.valueOf(SEPARATOR)));
        }
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot = Snapshot.build(List.of());

    /** Adds or replaces a document's keywords; a card without keywords removes it from L0. */
    public synchronized void put(DocumentCard card) {
        List<String> keywords = card.keywords().stream().map(KeywordText::normalize)
                .map(k -> k.replace(SEPARATOR, ' ').strip()).filter(k -> !k.isEmpty()).distinct().toList();
        if (keywords.isEmpty()) {
            entries.remove(card.docId());
        } else {
            entries.put(card.docId(), new Entry(card.docId(), card.collection(), card.path(), card.title(), card.category(),
                    String.join(String.valueOf(SEPARATOR), keywords)));
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

    private static final class Snapshot {
        /** The document each keyword id belongs to. */
        private final Entry[] owners;
        private final KeywordTable keywords;
        private final BigramIndex bigrams;

        private Snapshot(Entry[] owners, KeywordTable keywords) {
            this.owners = owners;
            this.keywords = keywords;
            this.bigrams = new BigramIndex(keywords);
        }

        static Snapshot build(List<Entry> entries) {
            List<Entry> owners = new ArrayList<>();
            List<String> keywords = new ArrayList<>();
            for (Entry entry : entries) {
                for (String keyword : entry.keywordList()) {
                    keywords.add(keyword);
                    owners.add(entry);
                }
            }
            return new Snapshot(owners.toArray(Entry[]::new), new KeywordTable(keywords));
        }

        List<L0Hit> lookup(String query) {
            if (query.isEmpty()) {
                return List.of();
            }
            Map<Entry, Set<Integer>> matched = new LinkedHashMap<>();
            forEachKeywordIn(query, id -> matched.computeIfAbsent(owners[id], e -> new HashSet<>()).add(id));
            if (query.length() >= 2) {
                for (int id : keywordsContaining(query)) {
                    matched.computeIfAbsent(owners[id], e -> new HashSet<>()).add(id);
                }
            }
            return matched.entrySet().stream()
                    .sorted(Comparator.comparing((Map.Entry<Entry, Set<Integer>> e) -> e.getKey().path()))
                    .map(e -> new L0Hit(e.getKey().docId(), e.getKey().collection(), e.getKey().path(), e.getKey().title(), e.getKey().category(),
                            e.getValue().stream().map(this::match).distinct()
                                    .sorted(Comparator.comparing(L0Hit.KeywordMatch::keyword)).toList()))
                    .toList();
        }

        /** A matched keyword with its carrier count: the length of its chain of same-text copies. */
        private L0Hit.KeywordMatch match(int id) {
            String keyword = keywords.keyword(id);
            int first = keywords.find(keyword, 0, keyword.length(), keyword.hashCode());
            int carriers = 0;
            for (int same = first; same >= 0; same = keywords.nextSame(same)) {
                carriers++;
            }
            return new L0Hit.KeywordMatch(keyword, carriers);
        }

        /**
         * Every keyword equal to a substring of the query that stands at word boundaries: each boundary
         * start, extended one character at a time (the hash with it) up to the longest keyword, is probed
         * at each boundary end. The same matches as scanning for every keyword, in time bounded by the
         * query, not by the number of keywords.
         */
        private void forEachKeywordIn(String query, java.util.function.IntConsumer sink) {
            boolean[] word = KeywordText.wordChars(query);
            int n = query.length();
            for (int start = 0; start < n; start++) {
                if (word[start] && start > 0 && word[start - 1]) {
                    continue;
                }
                int hash = 0;
                for (int end = start + 1; end <= Math.min(n, start + keywords.maxLength()); end++) {
                    hash = 31 * hash + query.charAt(end - 1);
                    if (word[end - 1] && end < n && word[end]) {
                        continue;
                    }
                    for (int id = keywords.find(query, start, end, hash); id >= 0; id = keywords.nextSame(id)) {
                        sink.accept(id);
                    }
                }
            }
        }

        /** Keywords that contain the whole query as a word (Latin) or substring (CJK), via the bigram index. */
        private List<Integer> keywordsContaining(String query) {
            List<Integer> found = new ArrayList<>();
            for (int id : bigrams.candidates(query)) {
                String keyword = keywords.keyword(id);
                for (int at = keyword.indexOf(query); at >= 0; at = keyword.indexOf(query, at + 1)) {
                    if (KeywordText.atBoundaries(keyword, at, at + query.length())) {
                        found.add(id);
                        break;
                    }
                }
            }
            return found;
        }
    }
}
