package kb.query.search;

import java.util.List;
import kb.query.l0.L0Hit;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.Question;

/**
 * Everything one question produced, before it is shaped into a search, lookup or context answer.
 *
 * @param question     the question as normalised at the edge
 * @param l0           documents matched by keyword, by path
 * @param documents    fused L1 results (L0 documents included), best first; empty when the gate deflects
 * @param gate         why the answer is found or not
 * @param suggestions  when deflected: titles the knowledge base knows that are nearest to the question
 * @param l1Available  false when Elasticsearch could not be asked (then only L0 answers)
 * @param hits         what each arm returned, for diagnostics
 * @param evidence     L0's documents split into specific and generic keyword matches
 * @param l1Leader     the document L1 alone (BM25 and vectors fused as served, no L0) ranks first, or null: what a
 *                     keyword hit must agree with to be answered with high confidence
 */
public record Retrieval(
        Question question,
        List<L0Hit> l0,
        List<SearchResponse.DocumentResult> documents,
        SearchResponse.Gate gate,
        List<String> suggestions,
        boolean l1Available,
        ArmHits hits,
        KeywordSpecificity.L0Evidence evidence,
        String l1Leader) {

    /** The question's normal form, as answers and the query log show it. */
    public String query() {
        return question.normal();
    }

    public boolean found() {
        return gate.found();
    }
}
