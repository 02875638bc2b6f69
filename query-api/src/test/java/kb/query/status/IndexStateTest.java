package kb.query.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import kb.core.Json;
import kb.query.answer.ContextResponse;
import org.junit.jupiter.api.Test;

class IndexStateTest {

    private static final long AT = 1_796_000_000_000L;

    private static IndexState state(long pending, double waitingSeconds, boolean firstIndexRunning) {
        return IndexState.of(
                new IndexingProgress.Observation(AT, 40, 200, 7, pending, 0),
                pending,
                waitingSeconds,
                firstIndexRunning);
    }

    @Test
    void shouldSayHowManyChangesAreStillBeingIndexedWhenNothingIsFoundWhileChangesWait() {
        assertEquals(
                "not found yet: 3 changes are still being indexed",
                state(3, 4.4, false).forAnswer(false).notice());
        assertEquals(
                "not found yet: 1 change is still being indexed",
                state(1, 0.2, true).forAnswer(false).notice());
    }

    @Test
    void shouldSayTheFirstIndexIsRunningWhenNothingIsFoundBeforeItIsDone() {
        assertEquals(
                "not found yet: the first index is still running",
                state(0, 0, true).forAnswer(false).notice());
    }

    @Test
    void shouldSayKbIsStartingWhenNothingIsFoundBeforeTheFirstLook() {
        assertEquals(
                "not found yet: kb is starting (until Elasticsearch answers, only the keyword index is asked)",
                IndexState.unknown().forAnswer(false).notice());
    }

    @Test
    void shouldSayNothingWhenTheAnswerFoundSomethingOrTheIndexIsCaughtUp() {
        assertNull(state(3, 4, true).forAnswer(true).notice());
        assertNull(state(0, 0, false).forAnswer(false).notice());
    }

    @Test
    void shouldCarryTheLooksFiguresAndTheWaitOnlyWhileChangesWait() {
        IndexState waiting = state(3, 4.6, false);
        assertEquals(3, waiting.pendingChanges());
        assertEquals(5, waiting.oldestPendingSeconds());
        assertEquals(40, waiting.documents());
        assertEquals(200, waiting.chunks());
        assertEquals(7, waiting.chunksAwaitingVectors());
        assertEquals("2026-11-30T00:53:20Z", waiting.observedAt());
        assertNull(state(0, 12, false).oldestPendingSeconds(), "nothing waits: no age");
        assertNull(IndexState.unknown().pendingChanges());
        assertTrue(IndexState.unknown().firstIndexRunning());
    }

    @Test
    void shouldAddIndexBesideTheAnswersOwnFieldsWhenWritten() throws Exception {
        ContextResponse answer = new ContextResponse("q", false, List.of(), 0);
        JsonNode json = Json.MAPPER.valueToTree(WithIndexState.of(answer, answer.found(), state(2, 1, false)));
        assertEquals(List.of("query", "found", "documents", "totalChars", "index"), fieldNames(json));
        assertFalse(json.get("found").asBoolean());
        assertEquals(2, json.path("index").path("pendingChanges").asLong());
        assertEquals(
                "not found yet: 2 changes are still being indexed",
                json.path("index").path("notice").asText());
        JsonNode found = Json.MAPPER.valueToTree(WithIndexState.of(answer, true, state(0, 0, false)));
        assertFalse(found.path("index").has("notice"), found.toString());
        assertTrue(found.path("index").has("oldestPendingSeconds"), "null, not left out: " + found);
    }

    private static List<String> fieldNames(JsonNode json) {
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
