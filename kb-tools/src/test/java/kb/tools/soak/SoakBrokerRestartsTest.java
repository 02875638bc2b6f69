package kb.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * The short soak with broker restarts: 90 s of seeded random edits on 60 notes while a real {@code kb up} runs on a
 * real broker of its own process, stopped twice (10-60 s each) and killed once itself; then no drift and the same
 * index as a fresh rebuild, without kb restarted after the broker's last restart.
 *
 * <p>Disabled until kb survives a broker outage longer than a minute: in both runs so far the indexer sink stopped
 * for good on an offset commit timeout (60 s) while the broker was down, and the soak's kb never converged (see the
 * soak section of docs/operations.md). Enable it to check a fix; it takes 5-15 minutes on a loaded machine.
 */
class SoakBrokerRestartsTest {

    @Test
    void shouldConvergeToAFreshRebuildWhenTheBrokerIsRestartedDuringRandomEdits() throws Exception {
        Path work = Files.createTempDirectory("kb-it-soak-broker-");
        SoakPlan plan = new SoakPlan(52, 60, Duration.ofSeconds(90), 270, 1, 2, work, Map.of());
        SoakReport report = new Soak(plan, System.out).run();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8);
        System.out.print(text);

        assertEquals(1, report.kills());
        assertEquals(270, report.operationCount());
        assertEquals(2, report.disruptions().brokerRestarts().size(), text);
        for (BrokerRestart restart : report.disruptions().brokerRestarts()) {
            assertTrue(restart.outage().compareTo(Duration.ofSeconds(10)) >= 0, restart.toString());
            assertTrue(text.contains("broker restart " + restart.number() + ": " + restart.signal()), text);
        }
        assertFalse(report.disruptions().kbRestartedAfterBroker(), text);
        assertTrue(report.soak().expectedDocuments() >= 30, "a folder worth comparing: " + report.soak());
        assertTrue(report.convergent(), "kept in " + work + "\n" + text);
        assertTrue(text.contains("CONVERGED"), text);
        TempTrees.delete(work);
    }
}
