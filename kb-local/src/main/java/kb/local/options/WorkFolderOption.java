package kb.local.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --work}: the folder a measuring run keeps its knowledge-base folder, data and logs in, declared once for
 * {@code eval}, {@code soak} and {@code probe-edit} as a picocli mixin. Null when not given: each command's
 * description says what it does then (a temporary folder, or a usage error where the folder is needed).
 */
public final class WorkFolderOption {

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description =
                    "Where the run keeps its folders, data and logs (what is kept: see the command's description).")
    Path work;

    /** The folder given, or null. */
    public Path given() {
        return work;
    }
}
