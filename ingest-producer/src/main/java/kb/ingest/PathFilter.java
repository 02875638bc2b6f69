package kb.ingest;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Decides which relative paths belong in the knowledge base: right extension, not hidden, not excluded. */
public final class PathFilter {

    private final Set<String> extensions;
    private final List<PathMatcher> excludes;

    public PathFilter(Set<String> extensions, List<String> excludeGlobs) {
        this.extensions = Set.copyOf(extensions);
        this.excludes = excludeGlobs.stream()
                .map(glob -> FileSystems.getDefault().getPathMatcher("glob:" + glob))
                .toList();
    }

    /** A file is ingested when no part of its path is hidden or excluded and its extension is wanted. */
    public boolean acceptsFile(String relativePath) {
        return !isHiddenOrExcluded(relativePath) && extensions.contains(extensionOf(relativePath));
    }

    /** Directories worth descending into (and watching). */
    public boolean acceptsDirectory(String relativePath) {
        return relativePath.isEmpty() || !isHiddenOrExcluded(relativePath + "/x");
    }

    private boolean isHiddenOrExcluded(String relativePath) {
        for (String part : relativePath.split("/")) {
            if (part.startsWith(".")) {
                return true;
            }
        }
        // Patterns like **/node_modules/** need a leading folder to match a top-level one.
        Path asPath = Path.of("_root_", relativePath);
        return excludes.stream().anyMatch(m -> m.matches(asPath) || m.matches(Path.of(relativePath)));
    }

    public static String extensionOf(String relativePath) {
        String name = relativePath.substring(relativePath.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
