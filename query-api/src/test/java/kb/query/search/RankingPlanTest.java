package kb.query.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import kb.query.config.FusionMethod;
import org.junit.jupiter.api.Test;

/** A request's options resolved against the configuration: what is not set comes from the configuration. */
class RankingPlanTest {

    @Test
    void shouldTakeEverythingFromTheConfigurationWhenNothingIsSet() {
        RankingPlan plan = RankingFixtures.served(FusionMethod.EVIDENCE);
        assertEquals(SearchOptions.Arms.HYBRID, plan.arms());
        assertTrue(plan.gate());
        assertTrue(plan.hybrid());
        assertEquals(new RankingPlan.Windows(30, 40), plan.windows());
        assertEquals(2.0, plan.titleBoost());
        assertEquals(FusionMethod.EVIDENCE, plan.fusion());
        assertEquals(0.4, plan.convexAlpha());
        assertEquals(60, plan.rrfK());
        assertEquals(1.0, plan.bm25Weight());
        assertEquals(3.0, plan.rareBm25Weight());
        assertEquals(0.3, plan.crossVectorWeight());
    }

    @Test
    void shouldTakeTheRequestsOwnValuesWhenSet() {
        SearchOptions options = new SearchOptions(
                SearchOptions.Arms.HYBRID,
                false,
                true,
                Optional.of(100),
                Optional.of(0.7),
                Optional.of(0.0),
                Optional.of(FusionMethod.CONVEX),
                Optional.of(0.25),
                Optional.of(10),
                Optional.of(5.0),
                Optional.of(0.0));
        RankingPlan plan =
                RankingPlan.of(options, RankingFixtures.ranking(FusionMethod.EVIDENCE), RankingFixtures.WEIGHTS);
        assertFalse(plan.gate());
        assertEquals(new RankingPlan.Windows(100, 100), plan.windows());
        assertEquals(0.0, plan.titleBoost());
        assertEquals(FusionMethod.CONVEX, plan.fusion());
        assertEquals(0.25, plan.convexAlpha());
        assertEquals(10, plan.rrfK());
        assertEquals(0.7, plan.bm25Weight());
        assertEquals(5.0, plan.rareBm25Weight());
        assertEquals(0.0, plan.crossVectorWeight());
    }

    @Test
    void shouldRankOneArmAsThatArmDoesWhenAskedAlone() {
        SearchOptions bm25 = new SearchOptions(
                        SearchOptions.Arms.BM25,
                        true,
                        false,
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty())
                .withFusion(FusionMethod.EVIDENCE);
        RankingPlan plan =
                RankingPlan.of(bm25, RankingFixtures.ranking(FusionMethod.EVIDENCE), RankingFixtures.WEIGHTS);
        assertEquals(FusionMethod.RRF, plan.fusion());
        assertFalse(plan.hybrid());
    }

    @Test
    void shouldKeepASliverOfBm25WhenTheConvexShareIsZero() {
        RankingPlan plan = RankingPlan.of(
                SearchOptions.SERVED.withFusion(FusionMethod.CONVEX).withGate(false),
                new kb.query.config.QueryConfig.Ranking(
                        30,
                        40,
                        kb.query.config.VectorSearch.DEFAULT,
                        60,
                        1,
                        1,
                        3,
                        1,
                        0.3,
                        2,
                        0.5,
                        FusionMethod.EVIDENCE,
                        RankingFixtures.EVIDENCE,
                        0,
                        0.0,
                        2,
                        50),
                RankingFixtures.WEIGHTS);
        assertEquals(RankingPlan.MIN_CONVEX_ALPHA, plan.convexAlpha());
        assertEquals(FusionMethod.CONVEX, plan.fusion());
        assertFalse(plan.gate());
    }
}
