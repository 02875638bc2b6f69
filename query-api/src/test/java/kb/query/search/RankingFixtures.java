package kb.query.search;

import kb.query.config.EvidenceWeights;
import kb.query.config.FusionMethod;
import kb.query.config.QueryConfig;
import kb.query.config.VectorSearch;

/** A ranking configuration with round numbers, for tests of the plan and the fusions. */
final class RankingFixtures {

    static final EvidenceWeights EVIDENCE = new EvidenceWeights(4, 2.5, 0.5, 2, 1, 1);
    static final FusionWeights WEIGHTS = new FusionWeights(1.0, 3.0, 60, 0.3);

    private RankingFixtures() {}

    /** Windows 30/40, RRF k 60, BM25 1 (CJK 1.5, rare 3), vectors 1, cross 0.3, L0 2 (generic 0.5). */
    static QueryConfig.Ranking ranking(FusionMethod fusion) {
        return new QueryConfig.Ranking(
                30,
                40,
                VectorSearch.DEFAULT,
                60,
                1.0,
                1.5,
                3.0,
                1.0,
                0.3,
                2.0,
                0.5,
                fusion,
                EVIDENCE,
                0.0,
                0.4,
                2.0,
                50);
    }

    static RankingPlan served(FusionMethod fusion) {
        return RankingPlan.of(SearchOptions.SERVED, ranking(fusion), WEIGHTS);
    }
}
