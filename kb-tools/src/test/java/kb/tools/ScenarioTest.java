package kb.tools;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import kb.local.PipelineHarness;
import kb.tools.eval.ScenarioEval;
import kb.tools.eval.ScenarioRow;
import kb.tools.eval.ScenarioScoring;
import kb.tools.eval.ScenarioSet;
import org.junit.jupiter.api.Test;

/**
 * The scenario set through HTTP (the same code as {@code kb eval --scenarios}): the acceptance questions
 * come first, top-1 accuracy stays at 90% or more, the gate answers no off-topic question and deflects no
 * on-topic one. Also prints, per candidate threshold, what the gate would get wrong: that table is how
 * the cosine threshold is calibrated (docs/how-it-works.md, "Honesty gate").
 */
class ScenarioTest {

    private static final Set<String> ACCEPTANCE = Set.of(
            "How did I install gitlab?",
            "kafkabridge",
            "ERR_TIMEOUT",
            "err_timeout",
            "支付网关超时问题",
            "MSI X870",
            "suitcase locks");

    @Test
    void shouldAnswerOnTopicQuestionsFirstAndDeflectOffTopicOnes() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            ScenarioSet set = ScenarioSet.builtIn(kb.kbDir());
            List<String> expected = ScenarioSet.copyBuiltInKnowledgeBase(kb.kbDir());
            kb.start();
            await().atMost(Duration.ofSeconds(90)).until(() -> kb.indexed(expected));
            ScenarioScoring.Summary summary = ScenarioEval.ask(kb, set);
            ScenarioEval.print(summary, OptionalDouble.empty());
            printCalibration(summary);
            List<String> acceptanceMisses = new ArrayList<>();
            for (ScenarioRow row : summary.rows()) {
                String top = served(row).top();
                if (ACCEPTANCE.contains(row.text()) && !row.expected().contains(top)) {
                    acceptanceMisses.add(row.text() + " -> " + top);
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
    private static void printCalibration(ScenarioScoring.Summary summary) {
        for (double t = 0.56; t <= 0.80; t += 0.02) {
            int falseFound = 0;
            int falseDeflect = 0;
            for (ScenarioRow row : summary.rows()) {
                ScenarioRow.Gate gate = served(row).gate();
                boolean found = gate.lexical() || gate.l0Hits() > 0 || gate.bestCosine() >= t;
                boolean onTopic = row.kind() == ScenarioRow.Kind.QUESTION;
                falseFound += !onTopic && found ? 1 : 0;
                falseDeflect += onTopic && !found ? 1 : 0;
            }
            System.out.printf(
                    "[calibration] threshold %.2f: %d off-topic answered, %d on-topic deflected%n",
                    t, falseFound, falseDeflect);
        }
    }

    private static ScenarioRow.Searched served(ScenarioRow row) {
        return row.searches().get(ScenarioRow.Arm.SERVED);
    }
}
