package kb.local;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import kb.core.Json;
import org.junit.jupiter.api.Test;

/**
 * The bench's "every chunk embedded" ends when the last vector is in, not when the gate's periodic look has fitted
 * the ranking on the complete index (docs/decisions/vector-pace.md: that look came up to a period later).
 */
class PipelineRunUntilTest {

    private static JsonNode status(long awaiting, boolean settled) throws Exception {
        return Json.MAPPER.readTree("{\"chunks\": 3298, \"chunksExpected\": 3298, \"chunksAwaitingVectors\": "
                + awaiting + ", \"fusion\": {\"settled\": " + settled + "}}");
    }

    @Test
    void shouldCountEveryChunkEmbeddedWhenTheGateHasNotLookedAgainYet() throws Exception {
        JsonNode embeddedNotSettled = status(0, false);

        assertTrue(PipelineRun.Until.EMBEDDED.chunksDone(embeddedNotSettled));
        assertFalse(PipelineRun.Until.SETTLED.chunksDone(embeddedNotSettled));
        assertTrue(PipelineRun.Until.SETTLED.chunksDone(status(0, true)));
    }

    @Test
    void shouldWaitForVectorsOnlyWhenAwaitingMoreThanText() throws Exception {
        JsonNode textOnly = status(12, false);

        assertTrue(PipelineRun.Until.LEXICAL.chunksDone(textOnly));
        assertFalse(PipelineRun.Until.EMBEDDED.chunksDone(textOnly));
    }
}
