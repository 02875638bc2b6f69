package kb.query.search;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One document kept in several formats is one result: {@code spec.pdf}, {@code spec.docx} and {@code spec.odt} in
 * one folder take one place, the best ranked of them, which lists the others as {@code alsoAs} (each still a file
 * of its own: citable, and found alone by a search that scopes the others out). Two results are one document when
 * they are in the same collection and folder, share their file name but for the extension, and their content says
 * so: the same title (one that is not merely the file's name, which any two such files share), or passages whose
 * words mostly coincide. Anything less stays apart: the same name in another folder, or other text, is another
 * document. Pure: reads only the ranked results.
 */
public final class FormatFolding {

    /** Of the shorter passage text's distinct words, the share the other's must hold for the two to be one text. */
    static final double SAME_TEXT = 0.6;
    /** Fewer distinct words than this say too little to call two texts the same. */
    static final int MIN_WORDS = 12;

    private FormatFolding() {}

    /** How many documents to rank so that {@code k} remain when copies are folded away. */
    public static int widened(int k) {
        return Math.min(k * 2, SearchRequest.MAX_K);
    }

    /**
     * The first {@code k} distinct documents of a ranking, each with its copies in other formats found anywhere in
     * the ranking listed in rank order.
     */
    public static List<SearchResponse.DocumentResult> fold(List<SearchResponse.DocumentResult> ranked, int k) {
        List<SearchResponse.DocumentResult> kept = new ArrayList<>();
        List<List<String>> copies = new ArrayList<>();
        for (SearchResponse.DocumentResult result : ranked) {
            int same = indexOfSame(kept, result);
            if (same >= 0) {
                copies.get(same).add(result.path());
            } else if (kept.size() < k) {
                kept.add(result);
                copies.add(new ArrayList<>());
            }
        }
        List<SearchResponse.DocumentResult> folded = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            folded.add(copies.get(i).isEmpty() ? kept.get(i) : kept.get(i).withAlsoAs(copies.get(i)));
        }
        return folded;
    }

    private static int indexOfSame(List<SearchResponse.DocumentResult> kept, SearchResponse.DocumentResult result) {
        for (int i = 0; i < kept.size(); i++) {
            if (sameDocument(kept.get(i), result)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether two results are one document kept in two formats. */
    static boolean sameDocument(SearchResponse.DocumentResult a, SearchResponse.DocumentResult b) {
        if (!Objects.equals(a.collection(), b.collection())
                || a.path().equals(b.path())
                || !folder(a.path()).equals(folder(b.path()))
                || !stem(a.path()).equals(stem(b.path()))) {
            return false;
        }
        return sameTitle(a, b) || sameText(a, b);
    }

    private static boolean sameTitle(SearchResponse.DocumentResult a, SearchResponse.DocumentResult b) {
        String title = normal(a.title());
        String stem = normal(stem(a.path()));
        return !title.isBlank() && !title.equals(stem) && title.equals(normal(b.title()));
    }

    private static boolean sameText(SearchResponse.DocumentResult a, SearchResponse.DocumentResult b) {
        Set<String> one = words(a);
        Set<String> other = words(b);
        Set<String> shorter = one.size() <= other.size() ? one : other;
        Set<String> longer = shorter == one ? other : one;
        if (shorter.size() < MIN_WORDS) {
            return false;
        }
        long shared = shorter.stream().filter(longer::contains).count();
        return shared >= SAME_TEXT * shorter.size();
    }

    private static Set<String> words(SearchResponse.DocumentResult result) {
        return result.chunks().stream()
                .flatMap(c -> Arrays.stream(normal(c.text()).split("[^\\p{L}\\p{N}]+")))
                .filter(w -> w.length() > 1)
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static String folder(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /** The file's name without its last extension, case and width folded. */
    private static String stem(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return normal(dot > 0 ? name.substring(0, dot) : name);
    }

    private static String normal(String text) {
        if (text == null) {
            return "";
        }
        return Normalizer.normalize(text, Normalizer.Form.NFKC)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[\\s\\p{Punct}]+", " ")
                .strip();
    }
}
