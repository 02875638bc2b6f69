package kb.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import kb.local.KbMain;
import kb.testkit.TempTrees;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code kb soak}'s options, without starting anything. */
class SoakCommandTest {

    private static int kb(StringWriter err, String... args) {
        CommandLine commandLine = KbMain.commandLine(Map.of());
        commandLine.setOut(new PrintWriter(new StringWriter(), true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void shouldBeListedAndDescribeItsKnobsWhenAskedForHelp() {
        StringWriter out = new StringWriter();
        CommandLine commandLine = KbMain.commandLine(Map.of());
        commandLine.setOut(new PrintWriter(out, true));
        assertEquals(0, commandLine.execute("--help"));
        assertTrue(out.toString().contains("  soak "), out.toString());
        StringWriter help = new StringWriter();
        commandLine.setOut(new PrintWriter(help, true));
        assertEquals(0, commandLine.execute("soak", "--help"));
        for (String option :
                new String[] {"--seed", "--files", "--minutes", "--ops", "--kills", "--broker-restarts", "--work"}) {
            assertTrue(help.toString().contains(option), option + " in\n" + help);
        }
    }

    @Test
    void shouldExitWithTheUsageStatusWhenAKnobIsRefused() throws Exception {
        StringWriter err = new StringWriter();
        assertEquals(2, kb(err, "soak", "--files", "0"));
        assertTrue(err.toString().contains("--files"), err.toString());
        Path work = Files.createTempDirectory("kb-soak-cmd-");
        try {
            Files.writeString(work.resolve("mine.md"), "# not the soak's");
            StringWriter busy = new StringWriter();
            assertEquals(2, kb(busy, "soak", "--work", work.toString()));
            assertTrue(busy.toString().contains("not empty"), busy.toString());
        } finally {
            TempTrees.delete(work);
        }
    }

    @Test
    void shouldSpreadFiveOperationsASecondWhenNoCountIsGiven() throws Exception {
        SoakCommand command = new SoakCommand(Map.of());
        new CommandLine(command).parseArgs("--seed", "5", "--minutes", "0.5", "--work", "/nonexistent-kb-soak");
        SoakPlan plan = command.plan();
        assertEquals(5, plan.seed());
        assertEquals(Duration.ofSeconds(30), plan.duration());
        assertEquals(150, plan.operations());
        assertEquals(Path.of("/nonexistent-kb-soak"), plan.work());
        assertEquals(0, plan.brokerRestarts());
    }

    @Test
    void shouldPlanBrokerRestartsWhenAskedAndRefuseANegativeCount() throws Exception {
        SoakCommand command = new SoakCommand(Map.of());
        new CommandLine(command).parseArgs("--broker-restarts", "5", "--work", "/nonexistent-kb-soak");
        assertEquals(5, command.plan().brokerRestarts());
        StringWriter err = new StringWriter();
        assertEquals(2, kb(err, "soak", "--broker-restarts", "-1"));
        assertTrue(err.toString().contains("--broker-restarts"), err.toString());
    }

    @Test
    void shouldDrawBrokerRestartsInTheMiddleOfTheOperationsWithOutagesOfTenToSixtySecondsWhenSeeded() {
        Duration span = Duration.ofMinutes(20);
        List<BrokerRestarts.Planned> planned = BrokerRestarts.plan(40, span, new Random(11));
        assertEquals(planned, BrokerRestarts.plan(40, span, new Random(11)));
        assertEquals(40, planned.size());
        for (int i = 0; i < planned.size(); i++) {
            BrokerRestarts.Planned restart = planned.get(i);
            assertTrue(restart.at().compareTo(span.dividedBy(10)) >= 0, restart.toString());
            assertTrue(restart.at().compareTo(span.multipliedBy(9).dividedBy(10)) <= 0, restart.toString());
            assertTrue(i == 0 || planned.get(i - 1).at().compareTo(restart.at()) <= 0, "sorted");
            assertTrue(restart.outage().toSeconds() >= 10 && restart.outage().toSeconds() <= 60, restart.toString());
        }
        assertTrue(planned.stream().anyMatch(BrokerRestarts.Planned::sigkill), "some SIGKILL");
        assertTrue(planned.stream().anyMatch(r -> !r.sigkill()), "some SIGTERM");
    }
}
