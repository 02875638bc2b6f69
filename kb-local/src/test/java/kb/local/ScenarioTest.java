package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The scenario set through HTTP: every on-topic question puts its document first, every off-topic one is
 * deflected. Also prints the gate's evidence per question, which is how the cosine threshold is calibrated
 * (see README, "Honesty gate").
 */
class ScenarioTest {

    /** DESIGN §6 scenarios: these must come first, not just mostly. */
    private static final java.util.Set<String> ACCEPTANCE = java.util.Set.of("How did I install gitlab?",
            "kafkabridge", "ERR_TIMEOUT", "err_timeout", "支付网关超时问题", "MSI X870", "suitcase locks");

    @Test
    void shouldAnswerOnTopicQuestionsFirstAndDeflectOffTopicOnes() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            ScenarioSet.copyInto(kb.kbDir());
            kb.start();
            List<String> expected = ScenarioSet.documentPaths();
            await().atMost(Duration.ofSeconds(90)).until(() -> kb.indexed(expected));
            List<String> failures = new ArrayList<>();
            List<String> misses = new ArrayList<>();
            int onTopic = 0;
            List<double[]> calibration = new ArrayList<>();
            for (ScenarioSet.Question q : ScenarioSet.questions()) {
                JsonNode response = kb.search(q.text());
                JsonNode gate = response.get("gate");
                List<String> paths = PipelineHarness.paths(response);
                String top = paths.isEmpty() ? "-" : paths.get(0);
                boolean found = response.get("found").asBoolean();
                System.out.printf("[scenario] %-48s found=%-5s top=%-28s cos=%.3f lexical=%s l0=%d%n", q.text(), found,
                        top, gate.get("bestCosine").asDouble(), gate.get("lexicalMatch").asBoolean(), gate.get("l0Hits").asInt());
                boolean otherEvidence = gate.get("lexicalMatch").asBoolean() || gate.get("l0Hits").asInt() > 0;
                calibration.add(new double[]{q.onTopic() ? 1 : 0, gate.get("bestCosine").asDouble(), otherEvidence ? 1 : 0});
                if (q.onTopic()) {
                    onTopic++;
                    if (!found) {
                        failures.add("'" + q.text() + "' is on-topic but was deflected");
                    } else if (!top.equals(q.expectedPath())) {
                        String miss = "'" + q.text() + "' expected " + q.expectedPath() + " first, got " + top;
                        (ACCEPTANCE.contains(q.text()) ? failures : misses).add(miss);
                    }
                }
                if (!q.onTopic() && found) {
                    failures.add("'" + q.text() + "' is off-topic but was answered with " + top);
                }
            }
            printCalibration(calibration);
            System.out.printf("[scenario] top-1 %d/%d; misses: %s%n", onTopic - misses.size(), onTopic, misses);
            assertEquals(List.of(), failures);
            assertTrue(misses.size() <= onTopic / 10, "top-1 accuracy below 90%: " + misses);
        }
    }

    /** For each candidate threshold: off-topic questions answered, on-topic ones deflected. */
    private static void printCalibration(List<double[]> rows) {
        for (double t = 0.60; t <= 0.86; t += 0.02) {
            int falseFound = 0;
            int falseDeflect = 0;
            for (double[] r : rows) {
                boolean found = r[2] == 1 || r[1] >= t;
                if (r[0] == 0 && found) {
                    falseFound++;
                }
                if (r[0] == 1 && !found) {
                    falseDeflect++;
                }
            }
            System.out.printf("[calibration] threshold %.2f: %d off-topic answered, %d on-topic deflected%n", t,
                    falseFound, falseDeflect);
        }
    }
}
