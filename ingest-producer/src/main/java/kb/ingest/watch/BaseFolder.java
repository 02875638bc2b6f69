package kb.ingest.watch;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where the knowledge base really is. Symlinks are followed only when the real path of the file and of
 * every folder above it stays inside the base folder's real path: checking only the file itself let a
 * symlinked folder lead outside, and a lexical check cannot see links at all.
 */
public final class BaseFolder {

    private final Path base;
    private final Path realBase;

    /** @param base an existing folder, absolute and normalised */
    public BaseFolder(Path base) throws IOException {
        this.base = base;
        this.realBase = base.toRealPath();
    }

    public Path path() {
        return base;
    }

    /** True when the path resolves (every link, every parent) to a place inside the base; false when gone. */
    public boolean contains(Path path) {
        try {
            return path.toRealPath().startsWith(realBase);
        } catch (IOException e) {
            return false;
        }
    }

    public boolean containsRelative(String relativePath) {
        return contains(base.resolve(relativePath));
    }
}
