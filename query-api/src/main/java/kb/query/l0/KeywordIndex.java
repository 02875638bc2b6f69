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
import java.util.function.IntConsumer;
import kb.core.DocumentCard;

/**
 * L0: the exact keyword tier. A document's identifiers are its frontmatter {@code keywords}, its {@code tags}
 * (nested ones whole and by their parts) and its {@code aliases}. A document hits when the query contains one
 * of its identifiers (whole words for Latin and digits, substrings for CJK), when one of its identifiers
 * contains the whole query (queries of 2+ characters) or starts with it (queries of {@value #MIN_PREFIX}+
 * characters: {@code 3d-print} for {@code 3d-printing}), or when the query is exactly its title. Lookups read an
 * immutable snapshot (a hashed keyword table for the first rule, a bigram index for the next two, a title map
 * for the last); updates swap in a new one. Flat arrays rather than objects per keyword keep 10k documents
 * with 5 keywords each within a few MB.
 */
public final class KeywordIndex implements CardListener {

    /** Separates a document's keywords in {@link Entry#keywords}: normalised keywords never hold it. */
    private static final char SEPARATOR = '\u0000';

    /** A query shorter than this is no prefix of an identifier: {@code py} would hit every {@code python} tag. */
    static final int MIN_PREFIX = 4;

    /**
     * What L0 keeps of a document: no content, its identifiers as one string, and what scope filters check.
     *
     * @param keywords identifiers joined by {@link #SEPARATOR}, or empty
     * @param titleKey the normalised title, or null
     * @param tagOnly  identifiers that come from tags alone (not also a keyword or an alias)
     */
    private record Entry(
            String docId,
            String collection,
            String path,
            String title,
            String category,
            String keywords,
            String titleKey,
            Set<String> tagOnly,
            List<String> tagPaths,
            List<String> properties) {

        List<String> keywordList() {
            return keywords.isEmpty() ? List.of() : List.of(keywords.split(String.valueOf(SEPARATOR)));
        }

        L0Hit hit(List<L0Hit.KeywordMatch> matches) {
            return new L0Hit(docId, collection, path, title, category, matches, tagPaths, properties);
        }
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot = Snapshot.build(List.of());

    /** Adds or replaces a document's identifiers and title; a card with neither removes it from L0. */
    @Override
    public synchronized void put(DocumentCard card) {
        List<String> keywords = normalised(identifiers(card));
        Set<String> tagOnly = new HashSet<>(normalised(tagIdentifiers(card)));
        normalised(card.keywords()).forEach(tagOnly::remove);
        normalised(card.notes().aliases()).forEach(tagOnly::remove);
        String titleKey = card.title() == null ? null : KeywordText.normalize(card.title());
        if (keywords.isEmpty() && (titleKey == null || titleKey.isEmpty())) {
            entries.remove(card.docId());
        } else {
            entries.put(
                    card.docId(),
                    new Entry(
                            card.docId(),
                            card.collection(),
                            card.path(),
                            card.title(),
                            card.category(),
                            String.join(String.valueOf(SEPARATOR), keywords),
                            titleKey,
                            Set.copyOf(tagOnly),
                            card.notes().tagPaths(),
                            card.notes().propertyTerms()));
        }
    }

    private static List<String> normalised(List<String> identifiers) {
        return identifiers.stream()
                .map(KeywordText::normalize)
                .map(k -> k.replace(SEPARATOR, ' ').strip())
                .filter(k -> !k.isEmpty())
                .distinct()
                .toList();
    }

    /** Keywords, aliases and tags. */
    private static List<String> identifiers(DocumentCard card) {
        List<String> identifiers = new ArrayList<>(card.keywords());
        identifiers.addAll(card.notes().aliases());
        identifiers.addAll(tagIdentifiers(card));
        return identifiers;
    }

    /** Each tag, a nested tag {@code area/sub} also by its parts {@code area} and {@code sub}. */
    private static List<String> tagIdentifiers(DocumentCard card) {
        List<String> identifiers = new ArrayList<>();
        for (String tag : card.notes().tags()) {
            identifiers.add(tag);
            if (tag.contains("/")) {
                identifiers.addAll(List.of(tag.split("/")));
            }
        }
        return identifiers;
    }

    @Override
    public synchronized void remove(String docId) {
        entries.remove(docId);
    }

    /** Makes the updates so far visible to lookups (one rebuild for a batch of updates). */
    @Override
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

    /** A query or keyword in the form L0 compares: NFKC, lower case, stripped. */
    public static String normalize(String text) {
        return KeywordText.normalize(text);
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
        /** Documents by normalised title: a query that is exactly a title names that note. */
        private final Map<String, List<Entry>> titles;

        private Snapshot(Entry[] owners, KeywordTable keywords, Map<String, List<Entry>> titles) {
            this.owners = owners;
            this.keywords = keywords;
            this.bigrams = new BigramIndex(keywords);
            this.titles = titles;
        }

        static Snapshot build(List<Entry> entries) {
            List<Entry> owners = new ArrayList<>();
            List<String> keywords = new ArrayList<>();
            Map<String, List<Entry>> titles = new HashMap<>();
            for (Entry entry : entries) {
                for (String keyword : entry.keywordList()) {
                    keywords.add(keyword);
                    owners.add(entry);
                }
                if (entry.titleKey() != null && !entry.titleKey().isEmpty()) {
                    titles.computeIfAbsent(entry.titleKey(), t -> new ArrayList<>())
                            .add(entry);
                }
            }
            return new Snapshot(owners.toArray(Entry[]::new), new KeywordTable(keywords), titles);
        }

        List<L0Hit> lookup(String query) {
            if (query.isEmpty()) {
                return List.of();
            }
            Map<Entry, Set<L0Hit.KeywordMatch>> matched = new LinkedHashMap<>();
            forEachKeywordIn(query, id -> add(matched, owners[id], match(id, owners[id])));
            // A query longer than every keyword is in none: its bigrams need not be read.
            if (query.length() >= 2 && query.length() <= keywords.maxLength()) {
                for (int id : keywordsContaining(query)) {
                    add(matched, owners[id], match(id, owners[id]));
                }
            }
            List<Entry> sameTitle = titles.getOrDefault(query, List.of());
            sameTitle.forEach(entry -> add(matched, entry, new L0Hit.KeywordMatch(query, sameTitle.size(), false)));
            return matched.entrySet().stream()
                    .sorted(Comparator.comparing((Map.Entry<Entry, Set<L0Hit.KeywordMatch>> e) ->
                            e.getKey().path()))
                    .map(e -> e.getKey()
                            .hit(e.getValue().stream()
                                    .sorted(Comparator.comparing(L0Hit.KeywordMatch::keyword))
                                    .toList()))
                    .toList();
        }

        private static void add(Map<Entry, Set<L0Hit.KeywordMatch>> matched, Entry entry, L0Hit.KeywordMatch match) {
            matched.computeIfAbsent(entry, e -> new HashSet<>()).add(match);
        }

        /** A matched keyword with its carrier count: the length of its chain of same-text copies. */
        private L0Hit.KeywordMatch match(int id, Entry owner) {
            String keyword = keywords.keyword(id);
            int first = keywords.find(keyword, 0, keyword.length(), keyword.hashCode());
            int carriers = 0;
            for (int same = first; same >= 0; same = keywords.nextSame(same)) {
                carriers++;
            }
            return new L0Hit.KeywordMatch(keyword, carriers, owner.tagOnly().contains(keyword));
        }

        /**
         * Every keyword equal to a substring of the query that stands at word boundaries: each boundary
         * start, extended one character at a time (the hash with it) up to the longest keyword, is probed
         * at each boundary end. The same matches as scanning for every keyword, in time bounded by the
         * query, not by the number of keywords.
         */
        private void forEachKeywordIn(String query, IntConsumer sink) {
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

        /**
         * Keywords that contain the whole query as a word (Latin) or substring (CJK), or start with a query of
         * {@value #MIN_PREFIX}+ characters, via the bigram index.
         */
        private List<Integer> keywordsContaining(String query) {
            List<Integer> found = new ArrayList<>();
            for (int id : bigrams.candidates(query)) {
                String keyword = keywords.keyword(id);
                if (query.length() >= MIN_PREFIX && keyword.startsWith(query)) {
                    found.add(id);
                    continue;
                }
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
