package kb.local.verify;

import java.nio.file.Path;

/**
 * One watched folder: what one producer publishes.
 *
 * @param collection the collection the producer publishes it as, or null (before collections: one namespace)
 * @param dir        the folder
 */
public record Folder(String collection, Path dir) {

    /** {@code DIR} or {@code NAME=DIR}. */
    public static Folder parse(String value) {
        int eq = value.indexOf('=');
        return eq > 0
                ? new Folder(
                        value.substring(0, eq),
                        Path.of(value.substring(eq + 1)).toAbsolutePath().normalize())
                : new Folder(null, Path.of(value).toAbsolutePath().normalize());
    }
}
