package kb.ingest;

import java.nio.file.Path;

/** Relative paths are '/'-separated whatever the platform, since they are Kafka keys and doc ids. */
final class Relative {

    private Relative() {
    }

    static String of(Path baseDir, Path path) {
        return baseDir.relativize(path).toString().replace('\\', '/');
    }
}
