package kb.query.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.query.config.EvidenceWeights;
import kb.query.search.FusionWeights;
import kb.query.search.terms.Script;
import org.junit.jupiter.api.Test;

/** The health and status bodies as records write the same JSON as the maps they replace. */
class StatusBodiesTest {

    private static String json(Object body) throws Exception {
        return Json.MAPPER.writeValueAsString(body);
    }

    @Test
    void shouldWriteTheHealthDetailsAsBeforeWhenElasticsearchAnswers() throws Exception {
        Map<String, Object> before = new LinkedHashMap<>();
        before.put("l0", "ready");
        before.put("l1", "up");
        before.put("indexing", "done");
        assertEquals(json(before), json(new HealthDetails("ready", "up", null, "done")));
    }

    @Test
    void shouldWriteTheHealthDetailsAsBeforeWhenElasticsearchIsDown() throws Exception {
        Map<String, Object> before = new LinkedHashMap<>();
        before.put("l0", "loading");
        before.put("l1", "unavailable");
        before.put("l1Problem", "ConnectException: refused");
        before.put("indexing", "unknown");
        assertEquals(
                json(before),
                json(new HealthDetails("loading", "unavailable", "ConnectException: refused", "unknown")));
    }

    @Test
    void shouldBeReadyOnlyOnceTheFirstScanAndL0AreInWhateverElasticsearchSays() throws Exception {
        HealthDetails down = new HealthDetails("ready", "unavailable", "refused", "done");
        Readiness ready = Readiness.of(true, down);
        assertEquals(200, ready.httpStatus());
        assertEquals("READY", ready.body().get("status"));
        Readiness starting = Readiness.of(false, new HealthDetails("loading", "up", null, "unknown"));
        assertEquals(503, starting.httpStatus());
        assertEquals("STARTING", starting.body().get("status"));
        assertEquals("loading", ((HealthDetails) starting.body().get("details")).l0());
    }

    @Test
    void shouldWriteTheFusionStatusAsBeforeForEitherMethod() throws Exception {
        EvidenceWeights weights = new EvidenceWeights(4, 2.5, 0.5, 2, 1, 1);
        Map<Script, FusionWeights> fitted = Map.of(Script.LATIN, new FusionWeights(1, 3, 60, 0.3));
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("method", "evidence");
        evidence.put("evidence", weights);
        evidence.put("evidenceConfigured", weights);
        evidence.put("chunksPerDocument", 3.5);
        Map<String, Object> rest = new LinkedHashMap<>();
        rest.put("source", "configured");
        rest.put("settled", true);
        rest.put("weights", fitted);
        rest.put("fits", Map.of());
        rest.put("pseudoQuestions", Map.of());
        rest.put("chunks", 12L);
        rest.put("fittedAt", 0L);
        evidence.putAll(rest);
        assertEquals(
                json(evidence),
                json(new FusionStatus(
                        "evidence", weights, weights, 3.5, "configured", true, fitted, Map.of(), Map.of(), 12, 0)));
        Map<String, Object> rrf = new LinkedHashMap<>();
        rrf.put("method", "rrf");
        rrf.putAll(rest);
        assertEquals(
                json(rrf),
                json(new FusionStatus("rrf", null, null, null, "configured", true, fitted, Map.of(), Map.of(), 12, 0)));
    }

    @Test
    void shouldWriteTheCollectionsAsBefore() throws Exception {
        Map<String, Object> collection = new LinkedHashMap<>();
        collection.put("name", "notes");
        collection.put("documents", 7L);
        assertEquals(json(collection), json(new CollectionCount("notes", 7)));
    }

    @Test
    void shouldListTheServedCollectionsFirstWithZeroWhenNothingOfThemIsIndexedYet() {
        Map<String, Long> indexed = new LinkedHashMap<>();
        indexed.put("old", 4L);
        indexed.put("notes", 7L);
        assertEquals(
                List.of(
                        new CollectionCount("notes", 7),
                        new CollectionCount("inbox", 0),
                        new CollectionCount("old", 4)),
                CollectionCount.of(List.of("notes", "inbox"), indexed));
    }
}
