package kb.query.search.terms;

import java.util.ArrayList;
import java.util.List;
import kb.query.l0.L0Hit;

/**
 * Generic and specific frontmatter keywords. A keyword is evidence for one page only when few documents share
 * it: {@code plugin} on 214 of 499 pages, or {@code prometheus} on one page but in the text of 98, say nothing
 * about which page a question wants, while {@code useFieldConfig} (one page, three texts) does. The rule:
 * a keyword is <b>generic</b> when more than {@link #limit(long)} documents carry it in their frontmatter or
 * hold it in their text (as a phrase), where the limit is 2% of the corpus, at least 3 documents. Both counts
 * are read live with each question, so a keyword becomes specific again as soon as the pages sharing it are
 * deleted.
 */
public final class KeywordSpecificity {

    /** Up to this many documents sharing a keyword, it stays specific whatever the corpus's size. */
    static final int MIN_LIMIT = 3;
    /** The share of the corpus beyond which a keyword is generic. */
    static final double GENERIC_SHARE = 0.02;

    private KeywordSpecificity() {}

    /** How many documents may share a specific keyword in a corpus of this many documents. */
    public static long limit(long documents) {
        return Math.max(MIN_LIMIT, (long) Math.ceil(GENERIC_SHARE * documents));
    }

    /**
     * @param corpus      live counts; when unknown (Elasticsearch down) only the carriers are counted
     * @param l0Documents documents with keywords, the corpus's size when the index could not be asked
     */
    public static boolean isGeneric(L0Hit.KeywordMatch keyword, CorpusStats corpus, long l0Documents) {
        long documents = corpus.known() ? corpus.documents() : l0Documents;
        long inText = corpus.keywordDocuments().getOrDefault(keyword.keyword(), 0L);
        return Math.max(keyword.carriers(), inText) > limit(documents);
    }

    /**
     * Splits L0's documents: those with at least one specific keyword (a tag alone does not count), and the rest;
     * of the rest, those a specific tag matched.
     */
    public static L0Evidence classify(List<L0Hit> hits, CorpusStats corpus, long l0Documents) {
        List<L0Hit> specific = new ArrayList<>();
        List<L0Hit> generic = new ArrayList<>();
        List<L0Hit> tagged = new ArrayList<>();
        for (L0Hit hit : hits) {
            boolean any = hit.keywords().stream().anyMatch(k -> !k.tag() && !isGeneric(k, corpus, l0Documents));
            (any ? specific : generic).add(hit);
            if (!any && hit.keywords().stream().anyMatch(k -> k.tag() && !isGeneric(k, corpus, l0Documents))) {
                tagged.add(hit);
            }
        }
        return new L0Evidence(List.copyOf(specific), List.copyOf(generic), List.copyOf(tagged));
    }

    /**
     * L0's documents for one question.
     *
     * @param specific documents matched by at least one specific keyword, alias or title: exact evidence
     * @param generic  documents matched otherwise: at most a weak ranking signal
     * @param tagged   those of {@code generic} that a specific tag matched: a lookup's answer, no search evidence
     */
    public record L0Evidence(List<L0Hit> specific, List<L0Hit> generic, List<L0Hit> tagged) {

        public static final L0Evidence NONE = new L0Evidence(List.of(), List.of(), List.of());

        public boolean isSpecific(String docId) {
            return specific.stream().anyMatch(h -> h.docId().equals(docId));
        }
    }
}
