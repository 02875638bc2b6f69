package kb.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import kb.testkit.TempTrees;
import org.junit.jupiter.api.Test;

/**
 * The short soak CI runs: a minute of seeded random edits on 100 notes while a real {@code kb up} process is
 * SIGKILLed twice, then the same index as a fresh rebuild of the folder.
 */
class SoakTest {

    @Test
    void shouldConvergeToAFreshRebuildWhenKbIsKilledDuringRandomEdits() throws Exception {
        Path work = Files.createTempDirectory("kb-it-soak-");
        SoakPlan plan = new SoakPlan(46, 100, Duration.ofSeconds(60), 300, 2, 0, work, Map.of());
        SoakReport report = new Soak(plan, System.out).run();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
        System.out.print(printed.toString(StandardCharsets.UTF_8));

        assertEquals(2, report.kills());
        assertEquals(300, report.operationCount());
        assertTrue(report.soak().expectedDocuments() >= 50, "a folder worth comparing: " + report.soak());
        for (OpKind kind : OpKind.values()) {
            assertTrue(report.operations().getOrDefault(kind, 0) > 0, "seed 46 applies every kind: " + kind);
        }
        assertTrue(report.convergent(), "kept in " + work + "\n" + printed.toString(StandardCharsets.UTF_8));
        TempTrees.delete(work);
    }
}
