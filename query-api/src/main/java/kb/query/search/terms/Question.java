package kb.query.search.terms;

import java.util.List;
import kb.query.l0.KeywordIndex;

/**
 * A question normalised once, at the edge, and read as such by every tier: L0, both arms, the gate, the fusion
 * and the lookup's assembly.
 *
 * @param asked      the text as asked (stripped), what the query log of a lookup records
 * @param normal     {@link QueryTerms#normalForm}: what the arms, the gate and the fusion read
 * @param keywords   the form L0 compares (see {@link KeywordIndex#normalize}): lower case, NFKC throughout
 * @param lexical    the BM25 arm's words without stop words, or null when the question has no content word
 * @param script     the script of the normal form
 * @param units      the units the gate matches chunks by (content words, CJK bigrams)
 */
public record Question(
        String asked, String normal, String keywords, String lexical, Script script, List<String> units) {

    public Question {
        units = List.copyOf(units);
    }

    /** The one place a question is normalised. */
    public static Question of(String asked) {
        String normal = QueryTerms.normalForm(asked);
        return new Question(
                asked,
                normal,
                KeywordIndex.normalize(normal),
                QueryTerms.lexicalQuery(normal),
                Script.of(normal),
                QueryTerms.evidenceUnits(normal));
    }
}
