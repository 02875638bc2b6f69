package kb.local.verify;

import java.nio.file.Path;
import kb.core.settings.CollectionFolder;

/**
 * One watched folder: what one producer publishes.
 *
 * @param collection the collection the producer publishes it as, or null (before collections: one namespace)
 * @param dir        the folder
 */
public record Folder(String collection, Path dir) {

    /** {@code DIR} or {@code NAME=DIR}, read as {@code kb up} reads its {@code --dir} ({@link CollectionFolder#named}). */
    public static Folder parse(String value) {
        return CollectionFolder.named(value, "--dir")
                .map(named -> new Folder(named.name(), named.folder()))
                .orElseGet(
                        () -> new Folder(null, Path.of(value).toAbsolutePath().normalize()));
    }
}
