package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import kb.core.Json;
import kb.tools.eval.ScenarioRow.Arm;
import kb.tools.eval.ScenarioRow.Kind;
import kb.tools.eval.ScenarioRow.Looked;
import kb.tools.eval.ScenarioRow.Searched;
import org.junit.jupiter.api.Test;

/** Per-document scoring of scenario answers, and reading them from the API's JSON (no services). */
class ScenarioScoringTest {

    private static final Looked NO_LOOKUP = new Looked(null, null, null, null);

    private static Searched found(String... paths) {
        return new Searched(List.of(paths), true, List.of("bm25"), null, null);
    }

    private static ScenarioRow question(
            List<String> expected, Searched bm25, Searched vector, Searched served, Looked lookup) {
        Map<Arm, Searched> searches = new EnumMap<>(Arm.class);
        searches.put(Arm.BM25, bm25);
        searches.put(Arm.VECTOR, vector);
        searches.put(Arm.SERVED, served);
        return new ScenarioRow(Kind.QUESTION, "q", expected, searches, lookup);
    }

    @Test
    void shouldRankByDistinctDocumentsAndAcceptAnyExpectedPage() {
        assertEquals(2, ScenarioScoring.rank(List.of("a.md", "a.md", "b.md", "c.md"), List.of("b.md"), 10));
        assertEquals(1, ScenarioScoring.rank(List.of("x.md", "c.md"), List.of("c.md", "x.md"), 10));
        assertEquals(0, ScenarioScoring.rank(List.of("a.md", "b.md"), List.of("b.md"), 1));
        assertEquals(0, ScenarioScoring.rank(List.of(), List.of("b.md"), 10));
    }

    @Test
    void shouldScoreTopOneTopThreeAndMrrPerArm() {
        List<ScenarioRow> rows = List.of(
                question(List.of("a"), found("a", "b"), found("b", "c", "a"), found("a"), NO_LOOKUP),
                question(List.of("b"), found("a", "b"), found("x", "y", "z", "w", "b"), found(), NO_LOOKUP));

        ScenarioScoring.Summary s = ScenarioScoring.summarize("t", rows);

        assertEquals(
                new ScenarioScoring.ArmScore(2, 1, 2, (1 + 0.5) / 2, 0),
                s.arms().get(Arm.BM25));
        assertEquals(
                new ScenarioScoring.ArmScore(2, 0, 1, (1.0 / 3 + 1.0 / 5) / 2, 0),
                s.arms().get(Arm.VECTOR));
        assertEquals(new ScenarioScoring.ArmScore(2, 1, 1, 0.5, 0), s.arms().get(Arm.SERVED));
        assertEquals(1, s.top1Correct());
    }

    @Test
    void shouldCountAFailedCallAsWrongAndAsAnError() {
        List<ScenarioRow> rows = List.of(question(
                List.of("a"),
                Searched.failed("HTTP 500"),
                found("a"),
                Searched.failed("HTTP 503"),
                Looked.failed("HTTP 500")));

        ScenarioScoring.Summary s = ScenarioScoring.summarize("t", rows);

        assertEquals(new ScenarioScoring.ArmScore(1, 0, 0, 0, 1), s.arms().get(Arm.BM25));
        assertEquals(1, s.arms().get(Arm.SERVED).errors());
        assertEquals(0, s.onTopicDeflected(), "a failed call is not a deflection");
        assertEquals(1, s.lookupErrors());
    }

    @Test
    void shouldCountDeflectionsAndFalseFoundOnTheServedSearch() {
        Searched deflected = new Searched(List.of(), false, List.of(), null, null);
        List<ScenarioRow> rows = List.of(
                question(List.of("a"), found("a"), found("a"), deflected, NO_LOOKUP),
                new ScenarioRow(Kind.OFF_TOPIC, "egg", List.of(), Map.of(Arm.SERVED, deflected), NO_LOOKUP),
                new ScenarioRow(Kind.OFF_TOPIC, "wine", List.of(), Map.of(Arm.SERVED, found("a")), NO_LOOKUP),
                new ScenarioRow(
                        Kind.OFF_TOPIC, "tour", List.of(), Map.of(Arm.SERVED, Searched.failed("x")), NO_LOOKUP));

        ScenarioScoring.Summary s = ScenarioScoring.summarize("t", rows);

        assertEquals(1, s.onTopicDeflected());
        assertEquals(1, s.offTopicDeflected());
        assertEquals(2, s.falseFound(), "answered and failed off-topic questions are not deflected");
    }

    @Test
    void shouldJudgeLookupsByPrimaryThenSupplementAndHighConfidenceOverEveryRow() {
        List<ScenarioRow> rows = List.of(
                new ScenarioRow(Kind.LOOKUP, "k1", List.of("a"), Map.of(), new Looked("a", "b", "high", null)),
                new ScenarioRow(Kind.LOOKUP, "k2", List.of("b"), Map.of(), new Looked("a", "b", "low", null)),
                new ScenarioRow(Kind.LOOKUP, "k3", List.of("b"), Map.of(), new Looked(null, "b", null, null)),
                question(List.of("c"), found("c"), found("c"), found("c"), new Looked("d", null, "high", null)),
                new ScenarioRow(
                        Kind.OFF_TOPIC,
                        "egg",
                        List.of(),
                        Map.of(Arm.SERVED, found()),
                        new Looked("a", null, "high", null)));

        ScenarioScoring.Summary s = ScenarioScoring.summarize("t", rows);

        assertEquals(2, s.lookupsRight());
        assertEquals(3, s.highConfidence());
        assertEquals(1, s.highConfidenceRight());
        assertEquals(2, s.l0Answered(), "questions and off-topic questions with a primary");
        assertEquals(0, s.l0Correct());
    }

    @Test
    void shouldReadSearchAnswersAsDistinctPathsWithTheTopResultsArms() throws Exception {
        Searched s = Searched.of(
                Json.MAPPER.readTree(
                        """
                {"query": "q", "found": true, "results": [
                  {"path": "a.md", "matchedBy": ["L0", "bm25"]}, {"path": "a.md"}, {"path": "b.md"}],
                 "gate": {"l0Hits": 1, "lexicalMatch": true, "bestCosine": 0.71}}"""));

        assertEquals(List.of("a.md", "b.md"), s.paths());
        assertEquals(List.of("L0", "bm25"), s.topMatchedBy());
        assertEquals(new ScenarioRow.Gate(1, true, 0.71), s.gate());
        assertTrue(s.found());
        assertTrue(Searched.of(Json.MAPPER.readTree("{\"error\": \"bad_request\"}"))
                        .error()
                != null);
    }

    @Test
    void shouldReadConfidenceAtTheTopLevelFirstThenFromThePrimary() throws Exception {
        Looked primaryOnly = Looked.of(
                Json.MAPPER.readTree(
                        """
                {"found": true, "primary": {"source": "a.md", "confidence": "high"}, "supplement": null}"""));
        Looked topLevel = Looked.of(
                Json.MAPPER.readTree(
                        """
                {"found": true, "confidence": "low", "primary": {"source": "a.md", "confidence": "high"},
                 "supplement": {"source": "b.md"}}"""));
        Looked nothing = Looked.of(Json.MAPPER.readTree("{\"found\": false, \"primary\": null, \"supplement\": null}"));

        assertEquals(new Looked("a.md", null, "high", null), primaryOnly);
        assertEquals(new Looked("a.md", "b.md", "low", null), topLevel);
        assertFalse(topLevel.highConfidence());
        assertNull(nothing.answer());
        assertNull(nothing.confidence());
    }
}
