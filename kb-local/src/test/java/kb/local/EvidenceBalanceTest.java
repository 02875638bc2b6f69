package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The evidence weights follow the corpus's shape (real broker, Elasticsearch and model): a corpus of long manuals,
 * many chunks per document, leans toward words; once only one-chunk notes are left, the configured weights are
 * back. The status shows both, with the chunks per document they were balanced for.
 */
class EvidenceBalanceTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);
    private static final String MANUAL = "manual/operations.md";
    private static final String[] SECTIONS = {
        "Backups", "Restores", "Upgrades", "Certificates", "Monitoring", "Scaling", "Failover", "Retention"
    };
    private static PipelineHarness kb;

    @BeforeAll
    static void start() throws Exception {
        kb = new PipelineHarness().with("KB_GATE_CALIBRATION_PERIOD", "PT1S");
        StringBuilder manual = new StringBuilder("# Operations manual\n");
        for (String section : SECTIONS) {
            manual.append("\n## ")
                    .append(section)
                    .append("\n\n")
                    .append(section)
                    .append(" are done by the on-call engineer from the runbook of that week. Each step is written")
                    .append(" down in the change log with the time it started and ended, and a second engineer")
                    .append(" reads the log before the change window closes.\n");
        }
        kb.write(MANUAL, manual.toString());
        kb.write("notes/tea.md", "# Tea\n\nGreen tea wants water below the boil.\n");
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of(MANUAL, "notes/tea.md")));
    }

    @AfterAll
    static void stop() {
        kb.close();
    }

    private static JsonNode fusion() throws Exception {
        return kb.get("/api/v1/status").path("fusion");
    }

    @Test
    void shouldLeanTowardWordsForLongDocumentsAndBackForOneChunkNotes() throws Exception {
        await().atMost(DEADLINE)
                .until(() -> fusion().path("settled").asBoolean()
                        && fusion().path("chunksPerDocument").asDouble() > 1);
        JsonNode fusion = fusion();
        JsonNode inForce = fusion.path("evidence");
        JsonNode configured = fusion.path("evidenceConfigured");
        assertTrue(
                inForce.path("lexical").asDouble() > configured.path("lexical").asDouble(), fusion.toString());
        assertTrue(
                inForce.path("meaning").asDouble() < configured.path("meaning").asDouble(), fusion.toString());

        kb.delete(MANUAL);
        await().atMost(DEADLINE)
                .until(() -> fusion().path("settled").asBoolean()
                        && fusion().path("chunksPerDocument").asDouble() == 1.0);
        fusion = fusion();
        assertEquals(fusion.path("evidenceConfigured"), fusion.path("evidence"), fusion.toString());
    }
}
