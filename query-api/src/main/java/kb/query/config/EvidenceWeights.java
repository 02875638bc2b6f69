package kb.query.config;

/**
 * The evidence fusion's weights: what one unit of each kind of evidence adds to a document's score
 * (docs/decisions/fitted-ranking.md, "Evidence fusion").
 *
 * @param lexical a document's best BM25 score as a share of the question's best
 * @param meaning each 0.1 of cosine similarity the document's best chunk lies below the question's best
 * @param keyword a keyword of the document (L0) the question matched, generic or specific
 * @param specificKeyword what a specific keyword (exact evidence, DESIGN §5) adds to that
 * @param title   the share of the question's words the document's title holds
 * @param crossMeaning the share of {@code meaning} a chunk found through the other script's model carries (an
 *                     English question read by the Chinese model: its cosines are not calibrated for English)
 */
public record EvidenceWeights(
        double lexical, double meaning, double keyword, double specificKeyword, double title, double crossMeaning) {

    /**
     * These weights balanced for a corpus whose documents have this many chunks on average. A document's meaning
     * evidence is its best chunk's cosine, a maximum over its chunks: the more chunks it has, the more of that
     * maximum is chance, and the less each 0.1 of cosine says against its words. So lexical grows and meaning
     * shrinks by {@code chunksPerDocument^(exponent / 2)} each; a corpus of one chunk per document, or one not
     * measured yet (0), keeps these weights.
     *
     * @param exponent 0 keeps these weights whatever the corpus
     */
    public EvidenceWeights forCorpus(double chunksPerDocument, double exponent) {
        if (!(chunksPerDocument > 1) || exponent == 0) {
            return this;
        }
        double shift = Math.pow(chunksPerDocument, exponent / 2);
        return new EvidenceWeights(lexical * shift, meaning / shift, keyword, specificKeyword, title, crossMeaning);
    }
}
