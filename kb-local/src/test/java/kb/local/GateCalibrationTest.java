package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The self-calibrating honesty gate on a small real corpus (real broker, Elasticsearch and model): the built-in
 * off-topic probes set the threshold against this corpus, the status says so, and the gate measures again when
 * the corpus changes. Generic keywords are no evidence; specific ones are.
 */
class GateCalibrationTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static PipelineHarness kb;
    private static final List<String> PATHS = new ArrayList<>();

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness().with("KB_GATE_CALIBRATION_PERIOD", "PT1S");
        String[][] notes = {
            {
                "ops/ingesters.md",
                "Scaling ingesters",
                "Before removing an ingester, flush its in-memory series to storage."
            },
            {"ops/compactor.md", "Compactor", "The compactor merges blocks in object storage and deletes old ones."},
            {"ops/alerts.md", "Alerting", "Alertmanager routes alerts to the on-call engineer by severity."},
            {"ops/ring.md", "Hash ring", "Memberlist gossips the hash ring between distributors and ingesters."},
            {"ops/limits.md", "Tenant limits", "Per-tenant limits cap the ingestion rate and the number of series."},
        };
        for (String[] note : notes) {
            kb.write(
                    note[0],
                    "---\ntitle: " + note[1] + "\nkeywords: [cortex, " + note[1].toLowerCase() + "]\n---\n" + "# "
                            + note[1] + "\n\n" + note[2] + "\n");
            PATHS.add(note[0]);
        }
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(PATHS.stream().sorted().toList()));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    private static JsonNode gate() throws Exception {
        return kb.getJson("/api/v1/status").get("gate");
    }

    @Test
    void shouldCalibrateOnTheCorpusAndAgainWhenItChanges() throws Exception {
        await().atMost(DEADLINE).until(() -> gate().get("documents").asLong() == PATHS.size());
        JsonNode gate = gate();
        assertEquals("calibrated", gate.get("source").asText());
        assertEquals(40, gate.get("probes").get("LATIN").asInt());
        // Chinese probes are measured in the Chinese model's field, which an English corpus leaves empty: nothing
        // to measure, so the Chinese threshold stays the model's default (a Chinese question then needs words).
        assertEquals(0, gate.get("probes").get("CJK").asInt());
        double latin = gate.get("minCosine").get("LATIN").asDouble();
        assertTrue(latin > 0 && latin < 1, gate.toString());

        kb.write("ops/queries.md", "# Query frontend\n\nThe query frontend splits long range queries by day.\n");
        await().atMost(DEADLINE).until(() -> gate().get("documents").asLong() == PATHS.size() + 1);
        assertEquals("calibrated", gate().get("source").asText());
    }

    @Test
    void shouldDeflectOffTopicAndAnswerOnTopicAgainstTheCalibratedThreshold() throws Exception {
        await().atMost(DEADLINE)
                .until(() -> "calibrated".equals(gate().get("source").asText()));
        JsonNode offTopic = kb.search("what is a good recipe for banana bread");
        assertFalse(offTopic.get("found").asBoolean(), offTopic.toString());
        JsonNode onTopic = kb.search("how do I safely remove an ingester");
        assertTrue(onTopic.get("found").asBoolean(), onTopic.toString());
        assertEquals(
                "ops/ingesters.md", onTopic.get("results").get(0).get("path").asText());
        for (String punctuation : new String[] {"*", "}", "?!"}) {
            assertFalse(kb.search(punctuation).get("found").asBoolean(), punctuation);
        }
    }

    @Test
    void shouldTakeOnlySpecificKeywordsAsEvidence() throws Exception {
        // "cortex" is carried by every note: generic, so it is no evidence. The answer is whatever the other
        // evidence says (on a five-note corpus the calibrated cosine threshold is low, so that can go either way).
        JsonNode generic = kb.search("annual cortex review template for employees");
        JsonNode gate = generic.get("gate");
        assertEquals(0, gate.get("l0Hits").asInt(), generic.toString());
        assertEquals(PATHS.size(), gate.get("genericL0Hits").asInt(), generic.toString());
        // Found only on other evidence: a lexical match or a cosine over the threshold. Not the converse: the gate
        // also deflects a question none of whose words the corpus's statistics hold, which the answer does not show.
        boolean otherEvidence = gate.get("lexicalMatch").asBoolean()
                || gate.get("bestCosine").asDouble() >= gate.get("minCosine").asDouble();
        assertTrue(!generic.get("found").asBoolean() || otherEvidence, generic.toString());
        JsonNode lookup = kb.lookup("annual cortex review template for employees");
        assertTrue(lookup.get("primary").isNull(), lookup.toString());
        JsonNode specific = kb.lookup("compactor");
        assertEquals("ops/compactor.md", specific.get("primary").get("source").asText());
        assertEquals("high", specific.get("primary").get("confidence").asText());
    }
}
