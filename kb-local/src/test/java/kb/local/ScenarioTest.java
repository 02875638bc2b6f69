package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import kb.local.eval.ScenarioEval;
import org.junit.jupiter.api.Test;

/**
 * The scenario set through HTTP (the same code as {@code kb eval --scenarios}): the DESIGN §6 questions
 * come first, top-1 accuracy stays at 90% or more, the gate answers no off-topic question and deflects no
 * on-topic one. Also prints, per candidate threshold, what the gate would get wrong: that table is how
 * the cosine threshold is calibrated (README, "Honesty gate").
 */
class ScenarioTest {

    private static final Set<String> ACCEPTANCE = Set.of("How did I install gitlab?", "kafkabridge", "ERR_TIMEOUT",
            "err_timeout", "支付网关超时问题", "MSI X870", "suitcase locks");

    @Test
    void shouldAnswerOnTopicQuestionsFirstAndDeflectOffTopicOnes() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            List<String> expected = ScenarioEval.copyKnowledgeBase(kb.kbDir());
            kb.start();
            await().atMost(Duration.ofSeconds(90)).until(() -> kb.indexed(expected));
            ScenarioEval.Summary summary = ScenarioEval.ask(kb);
            ScenarioEval.print(summary);
            printCalibration(summary);
            List<String> acceptanceMisses = new ArrayList<>();
            for (ScenarioEval.Answer a : summary.answers()) {
                if (ACCEPTANCE.contains(a.question().text()) && !a.top().equals(a.question().expectedPath())) {
                    acceptanceMisses.add(a.question().text() + " -> " + a.top());
                }
            }
            assertEquals(List.of(), acceptanceMisses);
            assertEquals(0, summary.falseFound());
            assertEquals(0, summary.falseDeflect());
            assertTrue(summary.top1Correct() * 10 >= summary.onTopic() * 9, "top-1 below 90%");
            assertEquals(summary.l0Answered(), summary.l0Correct(), "every L0 answer is the expected document");
        }
    }

    /** For each candidate threshold: off-topic questions answered, on-topic ones deflected. */
    private static void printCalibration(ScenarioEval.Summary summary) {
        for (double t = 0.56; t <= 0.80; t += 0.02) {
            int falseFound = 0;
            int falseDeflect = 0;
            for (ScenarioEval.Answer a : summary.answers()) {
                boolean found = a.lexical() || a.l0Hits() > 0 || a.bestCosine() >= t;
                falseFound += !a.question().onTopic() && found ? 1 : 0;
                falseDeflect += a.question().onTopic() && !found ? 1 : 0;
            }
            System.out.printf("[calibration] threshold %.2f: %d off-topic answered, %d on-topic deflected%n", t,
                    falseFound, falseDeflect);
        }
    }
}
