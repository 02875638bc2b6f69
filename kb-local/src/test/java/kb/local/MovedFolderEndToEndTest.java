package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import kb.core.Json;
import org.junit.jupiter.api.Test;

/**
 * The watched folder moved away and created again in a shell, as the operator did it ({@code mv kb kb.old;
 * mkdir kb; echo ... > kb/new.md}): {@code /health} says the folder is missing while it is, and the index follows the
 * folder at the path, the old documents withdrawn and the new note searchable, without a restart.
 */
class MovedFolderEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    private static void shell(String... command) throws Exception {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, process.waitFor(), String.join(" ", command));
    }

    @Test
    void shouldSayMissingAndThenIndexTheNewFolderWhenTheWatchedFolderIsMovedAwayAndCreatedAgain() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            Path old = kb.kbDir().resolveSibling(kb.kbDir().getFileName() + ".old");
            kb.write("ops/pump.md", "# Pump\n\nPrime the pump with the quartzite valve.\n");
            kb.write("ops/fan.md", "# Fan\n\nThe fan runs at 900 rpm.\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(List.of("ops/fan.md", "ops/pump.md")));

            shell("mv", kb.kbDir().toString(), old.toString());
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> kb.request("/health").statusCode() == 503);
            JsonNode health = Json.MAPPER.readTree(kb.request("/health").body());
            assertEquals("DEGRADED", health.get("status").asText());
            assertEquals(
                    "watched folder missing: " + kb.kbDir(),
                    health.get("reason").asText());

            shell("mkdir", kb.kbDir().toString());
            kb.write("new.md", "# New\n\nThe new note names the zirconium gasket.\n");
            await().atMost(DEADLINE).until(() -> kb.indexed(List.of("new.md")));
            assertTrue(PipelineHarness.paths(kb.search("zirconium gasket")).contains("new.md"));
            assertEquals(200, kb.request("/health").statusCode());
        }
    }
}
