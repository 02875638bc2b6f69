package kb.testkit;

/**
 * One test skipped for a missing tool.
 *
 * @param test the test's class, and its method when one method was skipped ({@code kb.local.X#shouldY})
 * @param tool the tool it needs
 */
public record ToolSkip(String test, Tool tool) {

    /** One line of the run's ledger: {@code TOOL<tab>test}. */
    String line() {
        return tool.name() + "\t" + test;
    }

    static ToolSkip parse(String line) {
        int tab = line.indexOf('\t');
        return new ToolSkip(line.substring(tab + 1), Tool.valueOf(line.substring(0, tab)));
    }
}
