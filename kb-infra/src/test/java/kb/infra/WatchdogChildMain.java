package kb.infra;

import java.util.List;

/** Run in its own JVM by ParentWatchdogTest: starts a watched {@code sleep}, prints its launcher's pid, waits. */
public final class WatchdogChildMain {

    private WatchdogChildMain() {}

    public static void main(String[] args) throws Exception {
        Process child = new ProcessBuilder(ParentWatchdog.wrap(List.of("sleep", "600")))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        System.out.println(child.pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
