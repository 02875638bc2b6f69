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
        double lexical, double meaning, double keyword, double specificKeyword, double title, double crossMeaning) {}
