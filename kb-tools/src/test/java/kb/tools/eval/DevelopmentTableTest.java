package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.tools.eval.ScenarioRow.Arm;
import kb.tools.eval.ScenarioRow.Kind;
import kb.tools.eval.ScenarioRow.Looked;
import kb.tools.eval.ScenarioRow.Searched;
import kb.tools.eval.ScenarioScoring.Summary;
import org.junit.jupiter.api.Test;

/** The development table's line for a set, and the gate's recall cost counted question by question. */
class DevelopmentTableTest {

    private static final Looked NO_LOOKUP = new Looked(null, null, null, null);

    private static Searched answered(String... paths) {
        return new Searched(List.of(paths), true, List.of(), null, null);
    }

    private static Searched deflected() {
        return new Searched(List.of(), false, List.of(), null, null);
    }

    private static ScenarioRow question(String expected, Searched bm25, Searched vector, Searched served) {
        return new ScenarioRow(
                Kind.QUESTION,
                "q " + expected,
                List.of(expected),
                Map.of(Arm.BM25, bm25, Arm.VECTOR, vector, Arm.SERVED, served),
                NO_LOOKUP);
    }

    @Test
    void shouldCountADeflectionAsTheGatesCostWhenAnArmHadTheRightPageFirst() {
        Summary summary = ScenarioScoring.summarize(
                "set",
                List.of(
                        question("a.md", answered("a.md"), answered("b.md"), deflected()),
                        question("c.md", answered("x.md"), answered("y.md", "c.md"), deflected()),
                        question("d.md", answered("d.md"), answered("d.md"), answered("d.md")),
                        new ScenarioRow(Kind.OFF_TOPIC, "off", List.of(), Map.of(Arm.SERVED, deflected()), NO_LOOKUP)));
        assertEquals(2, summary.onTopicDeflected());
        assertEquals(1, summary.deflectedArmRight());
        assertEquals(1, summary.offTopicDeflected());
    }

    @Test
    void shouldPrintServedAgainstItsBetterArmPlusOneWhenASetIsScored() {
        Summary summary = ScenarioScoring.summarize(
                "set",
                List.of(
                        question("a.md", answered("a.md"), answered("a.md"), answered("a.md")),
                        question("b.md", answered("x.md"), answered("b.md"), answered("b.md")),
                        question("c.md", answered("c.md"), answered("x.md"), answered("x.md"))));
        String[] cells = DevelopmentTable.cells(new ScenarioEval.SetFigures(
                summary, Optional.of(new CitedPage.Figure(4, 3, List.of())), Optional.empty()));
        assertArrayEquals(
                new String[] {"set", "2/3", "2/3", "2/3", "-1", "0 (arm 0)", "0/0", "0/0", "3/4", "-"}, cells);
    }
}
