package kb.query.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.query.config.FusionMethod;
import kb.query.search.corpus.ScoredChunk;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.Question;
import org.junit.jupiter.api.Test;

/** The request's limits, the options' defaults, and the arms' hits as a map. */
class SearchRequestTest {

    @Test
    void shouldHoldKWithinItsLimitsWhenBuilt() {
        assertEquals(1, SearchRequest.served(Question.of("q"), 1, Scope.ALL).k());
        assertEquals(100, SearchRequest.served(Question.of("q"), 100, Scope.ALL).k());
        assertThrows(IllegalArgumentException.class, () -> SearchRequest.served(Question.of("q"), 0, Scope.ALL));
        assertThrows(IllegalArgumentException.class, () -> SearchRequest.served(Question.of("q"), 101, Scope.ALL));
        assertTrue(SearchRequest.validK(SearchRequest.DEFAULT_K));
        assertFalse(SearchRequest.validK(1000L));
    }

    @Test
    void shouldServeEveryArmWithTheGateWhenNothingIsSet() {
        SearchOptions served =
                SearchRequest.served(Question.of("q"), 10, Scope.ALL).options();
        assertEquals(SearchOptions.SERVED, served);
        assertTrue(served.gate());
        assertFalse(served.explain());
        assertTrue(served.fusion().isEmpty());
    }

    @Test
    void shouldChangeOnlyWhatIsAskedWhenDerived() {
        SearchOptions fit = SearchOptions.SERVED.withGate(false).withFusion(FusionMethod.RRF);
        assertFalse(fit.gate());
        assertEquals(FusionMethod.RRF, fit.fusion().orElseThrow());
        assertEquals(SearchOptions.SERVED.window(), fit.window());
        assertEquals(SearchOptions.SERVED.arms(), fit.arms());
    }

    @Test
    void shouldAnswerEveryArmEvenWhenNotAsked() {
        ArmHits none = ArmHits.none();
        for (Arm arm : Arm.values()) {
            assertEquals(List.of(), none.of(arm));
        }
        assertEquals(-1, none.bestCosine());
        assertEquals(CorpusStats.UNKNOWN, none.corpus());
    }

    @Test
    void shouldReadEachArmsChunksAndScoresInOrder() {
        var a = kb.testkit.Chunks.chunk("a", 0, "A", null, "a", List.of());
        var b = kb.testkit.Chunks.chunk("b", 0, "B", null, "b", List.of());
        ArmHits hits = new ArmHits(
                Map.of(Arm.VECTOR, List.of(new ScoredChunk(a, 0.9), new ScoredChunk(b, 0.7))),
                List.of(0.9, 0.4),
                CorpusStats.UNKNOWN);
        assertEquals(List.of(a, b), hits.vector());
        assertEquals(List.of(0.9, 0.7), hits.vectorScores());
        assertEquals(List.of(), hits.bm25());
        assertEquals(0.9, hits.bestCosine());
        assertEquals("a#0", hits.of(Arm.VECTOR).get(0).chunkId());
        CorpusStats counted = new CorpusStats(5, 10, Map.of(), Map.of("a", 1L));
        assertEquals(counted, hits.withCorpus(counted).corpus());
        assertEquals(hits.arms(), hits.withCorpus(counted).arms());
    }

    @Test
    void shouldTakeTheFieldsInTurnByRankWhenTwoModelsAnswer() {
        assertEquals(
                List.of("en1", "zh1", "en2", "zh2", "en3"),
                ChunkRetriever.byRankInTurn(List.of(List.of("en1", "en2", "en3"), List.of("zh1", "zh2"))));
        assertEquals(List.of(), ChunkRetriever.byRankInTurn(List.of()));
    }
}
