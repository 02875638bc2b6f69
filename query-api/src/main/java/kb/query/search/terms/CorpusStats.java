package kb.query.search.terms;

import java.util.List;
import java.util.Map;

/**
 * What the index knows about a question's words, read live with the question (so it follows every change
 * of the corpus without a cache to keep in step).
 *
 * @param documents        documents with chunks in the index
 * @param chunks           chunks with text in the index
 * @param keywordDocuments for each matched L0 keyword (normalised): documents whose text holds it as a phrase
 * @param termChunks       for each token of the question as the index analyses it: chunks holding it (absent: 0)
 * @param cjkWords         the question's Chinese words as segmented ({@link CjkWords}): which of its CJK
 *                         characters and bigrams are words rather than pieces across a word boundary
 */
public record CorpusStats(
        long documents,
        long chunks,
        Map<String, Long> keywordDocuments,
        Map<String, Long> termChunks,
        List<String> cjkWords) {

    /** Nothing known: Elasticsearch was not asked or did not answer. */
    public static final CorpusStats UNKNOWN = new CorpusStats(0, 0, Map.of(), Map.of());

    public CorpusStats {
        keywordDocuments = Map.copyOf(keywordDocuments);
        termChunks = Map.copyOf(termChunks);
        cjkWords = List.copyOf(cjkWords);
    }

    public CorpusStats(long documents, long chunks, Map<String, Long> keywordDocuments, Map<String, Long> termChunks) {
        this(documents, chunks, keywordDocuments, termChunks, List.of());
    }

    /** These statistics for a question whose Chinese words are these. */
    public CorpusStats withCjkWords(List<String> words) {
        return new CorpusStats(documents, chunks, keywordDocuments, termChunks, words);
    }

    /** Whether a term of the question is a word of it (every non-CJK term is; see {@link CjkWords}). */
    public boolean isRealTerm(String term) {
        return CjkWords.isRealTerm(term, cjkWords);
    }

    public boolean known() {
        return documents > 0;
    }

    /** Whether the question's terms were counted (Elasticsearch answered and the question had terms). */
    public boolean termsRead() {
        return chunks > 0;
    }

    /** Whether at least one of the question's terms is held by a chunk. */
    public boolean holdsAnyTerm() {
        return termChunks.values().stream().anyMatch(n -> n > 0);
    }

    /**
     * Whether every word of the question is held by a chunk: nothing in it is foreign to the folder (a CJK
     * character or pair across a word boundary is not a word and is not asked for).
     */
    public boolean holdsEveryTerm() {
        return termsRead()
                && termChunks.entrySet().stream()
                        .filter(e -> isRealTerm(e.getKey()))
                        .allMatch(e -> e.getValue() > 0);
    }

    public CorpusStats withTerms(long chunkCount, Map<String, Long> terms) {
        return new CorpusStats(documents, chunkCount, keywordDocuments, terms, cjkWords);
    }
}
