package kb.query.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.query.search.terms.CorpusStats;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

class FusionFitTest {

    private static final FusionWeights CONFIGURED = new FusionWeights(0.3, 1.0, 10, 1.0);

    private static ChunkDoc chunk(String docId) {
        return kb.testkit.Chunks.chunk(docId, 0, docId, null, docId, List.of());
    }

    /** What BM25 and the vectors returned, ranks only (no scores, no L0, no cross arm). */
    private static ArmHits twoArms(List<ChunkDoc> bm25, List<ChunkDoc> vector, List<Double> bestCosines) {
        return new ArmHits(
                Map.of(Arm.BM25, ArmHitsFixtures.scored(bm25, 0), Arm.VECTOR, ArmHitsFixtures.scored(vector, 0)),
                bestCosines,
                CorpusStats.UNKNOWN);
    }

    /** Each question's answer first in one arm and absent from the other, which ranks two other documents. */
    private static List<FusionFit.Sample> samples(boolean bm25Right) {
        List<FusionFit.Sample> samples = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ChunkDoc answer = chunk("answer" + i);
            List<ChunkDoc> right = List.of(answer, chunk("x" + i), chunk("y" + i));
            List<ChunkDoc> wrong = List.of(chunk("p" + i), chunk("q" + i));
            ArmHits hits = twoArms(bm25Right ? right : wrong, bm25Right ? wrong : right, List.of(0.8));
            samples.add(new FusionFit.Sample(answer.docId(), hits));
        }
        return samples;
    }

    @Test
    void shouldMoveTowardBm25WhenBm25RanksThePseudoQuestionsAnswers() {
        FusionFit.Result result = FusionFit.fit(samples(true), CONFIGURED, 1.0);
        assertTrue(result.weights().bm25() > CONFIGURED.bm25(), result.toString());
        assertEquals(1.0, result.fittedMrr(), result.toString());
        assertTrue(result.bm25Mrr() > result.vectorMrr(), result.toString());
    }

    @Test
    void shouldMoveTowardVectorsWhenTheVectorsRankThePseudoQuestionsAnswers() {
        FusionFit.Result result = FusionFit.fit(samples(false), new FusionWeights(2.0, 2.0, 10, 1.0), 1.0);
        assertTrue(result.weights().bm25() < 2.0, result.toString());
        assertEquals(1.0, result.fittedMrr(), result.toString());
    }

    @Test
    void shouldKeepTheConfiguredWeightsWhenNoCandidateDoesBetter() {
        List<FusionFit.Sample> both = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ChunkDoc answer = chunk("a" + i);
            both.add(new FusionFit.Sample(answer.docId(), twoArms(List.of(answer), List.of(answer), List.of())));
        }
        assertEquals(CONFIGURED, FusionFit.fit(both, CONFIGURED, 1.0).weights());
    }
}
