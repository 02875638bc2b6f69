package kb.testkit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints, at the end of a test run, every test skipped for a missing tool ({@link MissingTool}) and the command that
 * installs the tool, so a {@code mvn -B test} on a machine without Chromium or Prometheus says what it did not test
 * instead of passing quietly. Registered with JUnit through {@code META-INF/services}, so every module whose tests
 * use kb-testkit has it.
 *
 * <p>With the root pom's ledger ({@link SkipLedger}), each test JVM prints the whole build's skips so far, so the
 * last module's list is the build's. Thread-safe: JUnit may report tests from several threads.
 */
public final class MissingToolReport implements TestExecutionListener {

    private final List<ToolSkip> skips = Collections.synchronizedList(new ArrayList<>());
    private final Optional<SkipLedger> ledger;
    private final String module;
    private final PrintStream out;

    /** The one JUnit creates: the ledger and module from the root pom's surefire configuration. */
    public MissingToolReport() {
        this(ledgerFromProperties(), System.getProperty("kb.testkit.module", "tests"), System.out);
    }

    MissingToolReport(Optional<SkipLedger> ledger, String module, PrintStream out) {
        this.ledger = ledger;
        this.module = module;
        this.out = out;
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getThrowable().orElse(null) instanceof MissingTool missing) {
            skips.add(new ToolSkip(describe(test), missing.tool()));
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        List<ToolSkip> all = List.copyOf(skips);
        if (ledger.isPresent()) {
            try {
                ledger.get().forgetOtherRuns();
                ledger.get().write(module, all);
                all = ledger.get().read();
            } catch (IOException e) {
                out.println("[kb-testkit] could not keep the skipped tests in "
                        + ledger.get().run() + ": " + e);
            }
        }
        String summary = summary(all);
        if (!summary.isEmpty()) {
            out.print(summary);
            out.flush();
        }
    }

    /** The list printed at the end: empty when nothing was skipped for a missing tool. */
    static String summary(List<ToolSkip> skips) {
        if (skips.isEmpty()) {
            return "";
        }
        Map<Tool, List<String>> byTool = new LinkedHashMap<>();
        for (ToolSkip skip : skips) {
            byTool.computeIfAbsent(skip.tool(), t -> new ArrayList<>()).add(skip.test());
        }
        StringBuilder text = new StringBuilder();
        text.append("[kb-testkit] ")
                .append(skips.size())
                .append(skips.size() == 1 ? " test was" : " tests were")
                .append(" skipped for a missing tool; install it and run them again:\n");
        byTool.forEach((tool, tests) -> {
            text.append("[kb-testkit]   ")
                    .append(tool.label())
                    .append(": ")
                    .append(tool.installCommand())
                    .append('\n');
            tests.stream().distinct().forEach(test -> text.append("[kb-testkit]     ")
                    .append(test)
                    .append('\n'));
        });
        return text.toString();
    }

    private static String describe(TestIdentifier test) {
        Optional<TestSource> source = test.getSource();
        if (source.isPresent() && source.get() instanceof MethodSource method) {
            return method.getClassName() + "#" + method.getMethodName();
        }
        if (source.isPresent() && source.get() instanceof ClassSource type) {
            return type.getClassName();
        }
        return test.getDisplayName();
    }

    private static Optional<SkipLedger> ledgerFromProperties() {
        String run = System.getProperty(SkipLedger.PROPERTY);
        if (run == null || run.isBlank() || run.contains("${")) {
            return Optional.empty();
        }
        Path folder = Path.of(run);
        return Optional.of(new SkipLedger(folder.getParent(), folder));
    }
}
