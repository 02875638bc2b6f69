package kb.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** Removes a test's own folder tree (an Elasticsearch home is 120 MB; a test that starts one cleans up). */
public final class TempTrees {

    private TempTrees() {}

    public static void delete(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
