package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import kb.testkit.FreezableProxy;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * A kept index restarted while Elasticsearch does not answer for its first seconds: the gate's measurement is
 * retried soon after Elasticsearch answers again (not a whole period later) and the index answers as it did before
 * the restart, not with the model's default threshold and the configured weights.
 */
class CalibrationRestartTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final List<String> PATHS = List.of("ops/compactor.md", "ops/ingesters.md", "ops/ring.md");
    private static final String OFF_TOPIC = "what is a good recipe for banana bread";

    @Test
    void shouldAnswerAsBeforeSoonAfterElasticsearchAnswersAgainWhenRestartedDuringAnOutage() throws Exception {
        try (FreezableProxy proxy =
                        new FreezableProxy(SharedInfrastructure.get().elasticsearchUrl());
                PipelineHarness kb = new PipelineHarness().onElasticsearch(proxy.url())) {
            kb.write("ops/ingesters.md", "# Scaling ingesters\n\nFlush an ingester's series before removing it.\n");
            kb.write("ops/compactor.md", "# Compactor\n\nThe compactor merges blocks in object storage.\n");
            kb.write("ops/ring.md", "# Hash ring\n\nMemberlist gossips the ring between distributors.\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(PATHS) && settled(kb));
            JsonNode before = kb.getJson("/api/v1/status").get("gate");
            assertEquals("calibrated", before.get("source").asText(), before.toString());
            boolean deflected = !kb.search(OFF_TOPIC).get("found").asBoolean();
            kb.stop();

            proxy.freeze();
            kb.start();
            await().atMost(DEADLINE).until(() -> calibration(kb).get("failures").asInt() > 0);
            proxy.thaw();
            long thawed = System.nanoTime();
            await().atMost(Duration.ofSeconds(10)).until(() -> "calibrated"
                    .equals(kb.getJson("/api/v1/status")
                            .get("gate")
                            .get("source")
                            .asText()));
            JsonNode after = kb.getJson("/api/v1/status").get("gate");
            System.out.printf(
                    "[calibration-restart] served as before %d ms after Elasticsearch answered again (%s)%n",
                    (System.nanoTime() - thawed) / 1_000_000, calibration(kb));
            assertEquals(before.get("minCosine"), after.get("minCosine"), after.toString());
            assertEquals(before.get("chunks"), after.get("chunks"), after.toString());
            assertEquals(deflected, !kb.search(OFF_TOPIC).get("found").asBoolean());
            await().atMost(DEADLINE).until(() -> settled(kb));
            JsonNode measured = calibration(kb);
            assertEquals("measured", measured.get("state").asText(), measured.toString());
            assertTrue(measured.get("lastError").isNull(), measured.toString());
            assertFalse(
                    kb.getJson("/api/v1/status").get("gate").get("minCosine").isNull());
        }
    }

    private static JsonNode calibration(PipelineHarness kb) throws Exception {
        return kb.getJson("/api/v1/status").get("calibration");
    }

    private static boolean settled(PipelineHarness kb) throws Exception {
        return kb.getJson("/api/v1/status").get("fusion").get("settled").asBoolean();
    }
}
