package kb.infra;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Makes a child process die with this JVM, even with {@code kill -9}: the command runs under a small shell
 * that holds this JVM's end of a pipe on its standard input. When the JVM dies for any reason, the kernel
 * closes the pipe, the shell reads end-of-file and sends SIGTERM to the command (Elasticsearch's launcher,
 * which then stops its server). No polling of pids, so pid reuse cannot fool it, and it works across the
 * user switch to {@code nobody} (the shell keeps the JVM's user).
 *
 * <p>The shell and the command run in a session of their own ({@code setsid}): a signal to kb's process group (a
 * terminal's Ctrl-C, a process manager's SIGTERM to the group) then reaches kb alone, which stops the child in
 * order, instead of reaching the child first, where kb could only take its exit for a crash.
 *
 * <p>The JVM must keep {@link Process#getOutputStream()} open for the child's lifetime and never write to it.
 */
final class ParentWatchdog {

    private static final String SCRIPT = String.join(
            "\n",
            "exec 3<&0",
            "\"$@\" </dev/null 3<&- &",
            "child=$!",
            // Reads until the JVM's end of the pipe closes: then the JVM is gone.
            "{ while read -r _; do :; done; kill -TERM \"$child\" 2>/dev/null; } <&3 &",
            "watcher=$!",
            "exec 3<&-",
            "trap 'kill -TERM \"$child\" 2>/dev/null' TERM INT",
            "status=0",
            "while kill -0 \"$child\" 2>/dev/null; do wait \"$child\"; status=$?; done",
            "kill \"$watcher\" 2>/dev/null",
            "exit $status");

    /** util-linux's {@code setsid}; absent (not Linux), the child stays in kb's process group as before. */
    private static final List<String> OWN_SESSION = Stream.of("/usr/bin/setsid", "/bin/setsid")
            .filter(path -> Files.isExecutable(Path.of(path)))
            .findFirst()
            .map(List::of)
            .orElse(List.of());

    private ParentWatchdog() {}

    /** The command, run so that it receives SIGTERM when this JVM dies; SIGTERM to the wrapper is passed on. */
    static List<String> wrap(List<String> command) {
        // Started by the JVM, the shell is no group leader, so setsid does not fork: the process's pid stays the
        // shell's.
        List<String> wrapped = new ArrayList<>(OWN_SESSION);
        wrapped.addAll(List.of("/bin/sh", "-c", SCRIPT, "kb-watchdog"));
        wrapped.addAll(command);
        return wrapped;
    }
}
