package kb.ingest;

import java.nio.file.Path;
import java.util.Optional;

/** Relative paths are '/'-separated whatever the platform, since they are Kafka keys and doc ids. */
public final class Relative {

    private Relative() {}

    public static String of(Path baseDir, Path path) {
        return baseDir.relativize(path).toString().replace('\\', '/');
    }

    /**
     * The relative path with its bytes percent-escaped when its name is not valid UTF-8, else empty. Such a name
     * decodes to a string with replacement characters that names no file, so the file could never be read by it:
     * it is reported instead ({@code bad%FFname.md}).
     */
    public static Optional<String> undecodable(Path baseDir, Path path) {
        String relative = of(baseDir, path);
        if (baseDir.resolve(relative).equals(path)) {
            return Optional.empty();
        }
        String base = baseDir.toUri().getRawPath();
        String raw = path.toUri().getRawPath();
        return Optional.of(raw.startsWith(base) ? raw.substring(base.length()) : raw);
    }
}
