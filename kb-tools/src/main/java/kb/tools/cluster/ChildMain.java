package kb.tools.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Arrays;
import kb.core.runtime.Threads;

/**
 * Runs a service's {@code main} as a child of {@code kb cluster}, and stops it when the parent is gone: the
 * parent holds this process's standard input open and never writes to it, so end-of-file means the parent
 * died (even by {@code kill -9}). Stopping goes through {@link System#exit} so the service's shutdown hook
 * closes it cleanly. The child is the service's own JVM, so its pid is the one a drill kills.
 */
public final class ChildMain {

    private ChildMain() {}

    public static void main(String[] args) throws Exception {
        watchParent(System.in);
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
    }

    private static void watchParent(InputStream parent) {
        Threads.daemon("kb-parent-watch", () -> {
                    try {
                        while (parent.read() >= 0) {
                            // the parent never writes; anything read is ignored
                        }
                    } catch (IOException e) {
                        // a broken pipe is the same news: the parent is gone
                    }
                    System.err.println("kb-child: parent gone, stopping");
                    System.exit(0);
                })
                .start();
    }
}
