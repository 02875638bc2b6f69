package kb.testkit;

import org.opentest4j.TestAbortedException;

/**
 * A test skipped because a tool it needs is not installed: JUnit reports it as skipped, and
 * {@link MissingToolReport} lists it with the command that installs the tool at the end of the run.
 */
public final class MissingTool extends TestAbortedException {

    private final Tool tool;

    MissingTool(Tool tool) {
        super(tool.label() + " is not installed (" + tool.installCommand() + ")");
        this.tool = tool;
    }

    public Tool tool() {
        return tool;
    }

    /** Skips the calling test (or class, from {@code @BeforeAll}) unless {@code tool} is installed. */
    public static void assumeInstalled(Tool tool) {
        skipUnless(tool, tool.installed());
    }

    static void skipUnless(Tool tool, boolean installed) {
        if (!installed) {
            throw new MissingTool(tool);
        }
    }
}
