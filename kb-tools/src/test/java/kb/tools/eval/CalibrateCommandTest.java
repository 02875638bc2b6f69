package kb.tools.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrateCommandTest {

    private static final List<CalibrateCommand.Evidence> EVIDENCE = List.of(
            new CalibrateCommand.Evidence("on, lexical", true, true, 0.40),
            new CalibrateCommand.Evidence("on, weakest", true, false, 0.70),
            new CalibrateCommand.Evidence("on", true, false, 0.80),
            new CalibrateCommand.Evidence("off, highest", false, false, 0.60),
            new CalibrateCommand.Evidence("off", false, false, 0.50));

    @Test
    void shouldCountFalseFoundAndFalseDeflectPerThreshold() {
        List<CalibrateCommand.Row> rows = CalibrateCommand.table(EVIDENCE);
        CalibrateCommand.Row at055 =
                rows.stream().filter(r -> r.threshold() == 0.55).findFirst().orElseThrow();
        assertEquals(1, at055.falseFound());
        assertEquals(0, at055.falseDeflect());
        CalibrateCommand.Row at075 =
                rows.stream().filter(r -> r.threshold() == 0.75).findFirst().orElseThrow();
        assertEquals(0, at075.falseFound());
        assertEquals(1, at075.falseDeflect());
    }

    @Test
    void shouldRecommendTheMiddleOfTheErrorFreeRange() {
        // Thresholds 0.61 .. 0.70 make no error; the middle of those ten is 0.65.
        assertEquals(0.65, CalibrateCommand.recommend(CalibrateCommand.table(EVIDENCE)));
    }
}
