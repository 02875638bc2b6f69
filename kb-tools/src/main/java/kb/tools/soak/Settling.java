package kb.tools.soak;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.local.HttpApi;
import kb.local.verify.Endpoints;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;

/**
 * Waits until a running pipeline has settled on its folder: first its status says nothing is in flight (no lag
 * in either stage, every expected chunk indexed with its vector), then {@code kb verify} finds no drift in any
 * layer. The second is the proof; the first only spares the verifier's work while the backlog drains.
 */
final class Settling {

    private Settling() {}

    /** @return the last verify report: healthy, or the drift still there when {@code timeout} ran out */
    static VerifyReport settle(Endpoints endpoints, Folder folder, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        awaitQuiet(new HttpApi(endpoints.api()), deadline);
        VerifyCommand.Options options = new VerifyCommand.Options(
                List.of(folder),
                endpoints.api(),
                endpoints.kafka(),
                endpoints.elasticsearch(),
                Duration.ZERO,
                new Settings(env).with(Map.of(KbSettings.KAFKA_BOOTSTRAP.name(), endpoints.kafka())));
        Duration left = Duration.between(Instant.now(), deadline);
        return VerifyCommand.checkUntilHealthy(
                VerifyCommand.verifier(options), left.isNegative() ? Duration.ZERO : left);
    }

    /** Until the status shows no lag and no chunk missing or awaiting its vector, or the deadline. */
    private static void awaitQuiet(HttpApi api, Instant deadline) throws InterruptedException {
        while (Instant.now().isBefore(deadline)) {
            try {
                if (quiet(api.get("/api/v1/status"))) {
                    return;
                }
            } catch (IOException e) {
                // the API cannot tell yet (indexes being created after a restart): ask again
            }
            // Polling another process's HTTP status, as kb eval does: once a second, each status costs the broker.
            Thread.sleep(1000);
        }
    }

    static boolean quiet(JsonNode status) {
        return status.path("lag").path("chunker").asLong(-1) == 0
                && status.path("lag").path("sink").asLong(-1) == 0
                && status.path("chunks").asLong(-1)
                        == status.path("chunksExpected").asLong(-2)
                && status.path("chunksAwaitingVectors").asLong(-1) == 0;
    }
}
