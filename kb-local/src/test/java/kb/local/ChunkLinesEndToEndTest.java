package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every answer can be cited by its lines: search results, lookup's primary and supplement carry the lines of the file
 * as it is on disk, and an edit above a chunk moves them (real broker, Elasticsearch and model).
 */
class ChunkLinesEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String RUNBOOK =
            """
            ---
            title: Payments runbook
            keywords: [ERR_GLORP]
            ---
            # Payments runbook

            ## Timeouts

            ERR_GLORP means the zanzibarquux upstream timed out.
            Retry after thirty seconds.
            """;
    private static PipelineHarness kb;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        kb.write("ops/runbook.md", RUNBOOK);
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("ops/runbook.md")));
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    private static List<Integer> lines(JsonNode node) {
        return List.of(node.get("startLine").asInt(), node.get("endLine").asInt());
    }

    @Test
    void shouldCiteTheLinesAndMoveThemWhenASectionIsAddedAboveAnUnchangedChunk() throws Exception {
        JsonNode chunk =
                kb.search("zanzibarquux").get("results").get(0).get("chunks").get(0);
        assertEquals(List.of(9, 10), lines(chunk), chunk.toString());
        JsonNode primary = kb.getJson("/api/v1/lookup?query=ERR_GLORP&section_title=Timeouts")
                .get("primary");
        assertEquals(List.of(9, 10), lines(primary), primary.toString());

        kb.write("ops/runbook.md", RUNBOOK.replace("## Timeouts\n", "## Intro\n\nA new line above.\n\n## Timeouts\n"));
        await().atMost(DEADLINE).until(() -> lines(kb.search("zanzibarquux")
                        .get("results")
                        .get(0)
                        .get("chunks")
                        .get(0))
                .equals(List.of(13, 14)));
    }
}
