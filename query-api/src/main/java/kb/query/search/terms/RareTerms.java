package kb.query.search.terms;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.search.text.LexicalAnalyzer;

/**
 * Rare exact words of a question: tokens (as the index analyses them) that the corpus holds, but in very few
 * chunks: an identifier, an error code, a flag, a made-up product word. When a question holds one, the BM25
 * arm has seen something the vectors blur, so its vote counts for more in the fusion. Which words are rare
 * comes from the corpus's own statistics (chunk frequencies read with the question), never from a list; see
 * {@link #bm25Weight} for when they lead.
 */
public final class RareTerms {

    /** Up to this many chunks a term is rare whatever the corpus's size. */
    static final int MIN_LIMIT = 3;
    /** The share of the corpus's chunks beyond which a term is no longer rare. */
    static final double RARE_SHARE = 0.001;

    private RareTerms() {}

    public static long limit(long chunks) {
        return Math.max(MIN_LIMIT, (long) Math.ceil(RARE_SHARE * chunks));
    }

    /**
     * The BM25 arm's fusion weight for a question: {@code rare} when rare terms make up at least
     * {@link #QUESTION_SHARE} of the question's words the corpus knows, else {@code base}. A question made of an
     * identifier, an error code or a few keywords is led by its exact words; a natural question in which one
     * rare word is a modifier among common ones ("anthropological definition of environment") stays led by the
     * vectors.
     */
    public static double bm25Weight(CorpusStats corpus, double base, double rare) {
        long known = corpus.termChunks().entrySet().stream()
                .filter(e -> e.getValue() > 0 && corpus.isRealTerm(e.getKey()))
                .count();
        int rareTerms = of(corpus).size();
        return rareTerms > 0 && rareTerms >= QUESTION_SHARE * known ? Math.max(base, rare) : base;
    }

    /** The share of a question's known words that must be rare for BM25 to lead. */
    static final double QUESTION_SHARE = 0.4;

    /**
     * The question's tokens held by at least one and at most {@link #limit(long)} chunks, rarest first; a CJK
     * character or bigram only when it is (part of) one of the question's words, never a pair of characters
     * across a word boundary ({@code 员的} in {@code 管理员的机器}), which is rare because no one writes it.
     */
    public static List<String> of(CorpusStats corpus) {
        long limit = limit(corpus.chunks());
        return corpus.termChunks().entrySet().stream()
                .filter(e -> e.getValue() > 0 && e.getValue() <= limit && corpus.isRealTerm(e.getKey()))
                .sorted(Map.Entry.<String, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey)
                .toList();
    }

    /** Rare terms of a question held together by one chunk that make it lexical evidence for the gate. */
    static final int EVIDENCE_TERMS = 2;

    /**
     * Whether a text is evidence for the question by rarity: it holds at least {@link #EVIDENCE_TERMS} of the
     * question's rare terms, and those make up at least half of the question's words the corpus knows ("what
     * does HTTP 429 mean for merchants" on a page holding {@code HTTP 429}). Two words that few chunks hold,
     * met in one chunk, are not chance; one common word shared with an off-topic question is, so common words
     * never count here.
     */
    public static boolean isEvidence(CorpusStats corpus, List<String> rare, String text) {
        if (rare.size() < EVIDENCE_TERMS || text == null) {
            return false;
        }
        Set<String> terms = new HashSet<>(LexicalAnalyzer.forIndex().terms(text));
        long held = rare.stream().filter(terms::contains).count();
        long known = corpus.termChunks().entrySet().stream()
                .filter(e -> e.getValue() > 0 && corpus.isRealTerm(e.getKey()))
                .count();
        return held >= EVIDENCE_TERMS && 2 * held >= known;
    }

    /**
     * Whether a page's title is evidence for the question: the question is made of the folder's own words only,
     * and the title names one of its rare terms ({@link #namesTitle}). "was my laptop hit by that compression
     * library supply-chain backdoor in 2024?" and the note "Am I vulnerable to the xz backdoor?", the only chunk of
     * the folder holding {@code backdoor}. An off-topic question that borrows such a word in another sense ("a
     * backdoor lock on a garden shed") usually brings words of its own world that the folder never holds ({@code
     * shed}), while the meaning does not tell the two apart (both cosines lie below the threshold).
     */
    public static boolean isTitleEvidence(CorpusStats corpus, List<String> rare, String title) {
        return corpus.holdsEveryTerm() && namesTitle(rare, title);
    }

    /**
     * Whether a title names one of the question's rare terms: a word so few chunks hold that the page is titled
     * after it is what the page is about. Terms in CJK script (a rare character or pair names nothing on its own)
     * and numbers (a year, a version) never count.
     */
    public static boolean namesTitle(List<String> rare, String title) {
        if (rare.isEmpty() || title == null) {
            return false;
        }
        Set<String> words = new HashSet<>(LexicalAnalyzer.forIndex().terms(title));
        return rare.stream().filter(RareTerms::isNamingWord).anyMatch(words::contains);
    }

    private static boolean isNamingWord(String term) {
        return term.codePoints().anyMatch(Character::isLetter)
                && term.codePoints().noneMatch(CjkWords::isCjk);
    }

    /** The share of a CJK question's word weight a chunk must hold to be lexical evidence. */
    static final double CJK_EVIDENCE_SHARE = 0.5;

    /**
     * Whether a text is lexical evidence for a question mostly in CJK script: it holds at least
     * {@link #CJK_EVIDENCE_SHARE} of the question's words weighted by rarity (BM25's idf over the corpus's chunks;
     * a word no chunk holds weighs most). Words are the segmented ones ({@link CjkWords}) and the non-CJK terms,
     * so the common words an everyday question shares with any long Chinese page ({@code 时候}, {@code 可以})
     * carry little, and a pair across a word boundary nothing. Without term statistics: not evidence by this rule.
     */
    public static boolean isCjkEvidence(CorpusStats corpus, String text) {
        if (!corpus.termsRead() || text == null) {
            return false;
        }
        Set<String> terms = new HashSet<>(LexicalAnalyzer.forIndex().terms(text));
        double total = 0;
        double held = 0;
        for (Map.Entry<String, Long> e : corpus.termChunks().entrySet()) {
            if (corpus.isRealTerm(e.getKey())) {
                double idf = Math.log(1 + (corpus.chunks() - e.getValue() + 0.5) / (e.getValue() + 0.5));
                total += idf;
                held += terms.contains(e.getKey()) ? idf : 0;
            }
        }
        return total > 0 && held >= CJK_EVIDENCE_SHARE * total;
    }
}
