package kb.ingest.extract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import kb.core.Json;
import kb.core.PageLayout;

/**
 * Keeps PDFs' page layouts where the API reads them ({@code KB_PAGE_LAYOUT_DIR}), a file per PDF named by its real
 * path ({@link PageLayout#fileOf}), written whole under a temporary name and moved into place, so a reader never
 * sees half a file. A file read again replaces its layout.
 */
final class LayoutFiles {

    private LayoutFiles() {}

    static void write(Path folder, Path file, PageLayout layout) throws IOException {
        Files.createDirectories(folder);
        Path target = PageLayout.fileOf(folder, file.toRealPath());
        Path temp = folder.resolve(".tmp-" + UUID.randomUUID());
        try {
            Json.MAPPER.writeValue(temp.toFile(), layout);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
