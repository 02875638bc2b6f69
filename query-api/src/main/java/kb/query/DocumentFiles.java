package kb.query;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import kb.core.Ids;

/**
 * Writes and removes files in the knowledge-base folder for the documents API; the watcher does the rest.
 * Names are validated so nothing can escape the folder or be hidden from the watcher.
 */
public final class DocumentFiles {

    private static final Pattern SAFE_NAME = Pattern.compile("[^/\\\\\\u0000:*?\"<>|]{1,200}");

    private final Path baseDir;
    private final Set<String> extensions;
    private final long maxBytes;

    public DocumentFiles(Path baseDir, Set<String> extensions, long maxBytes) {
        this.baseDir = baseDir.toAbsolutePath().normalize();
        this.extensions = Set.copyOf(extensions);
        this.maxBytes = maxBytes;
    }

    /** Where a saved upload went. */
    public record Saved(String docId, String path) {
    }

    /** Rejected input, with the HTTP status it deserves (400, 413, 415). */
    public static final class InvalidUpload extends RuntimeException {
        private final int status;

        InvalidUpload(int status, String detail) {
            super(detail);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    public Saved save(String category, String fileName, long size, InputStream content) throws IOException {
        String folder = category == null || category.isBlank() ? null : validName("category", category.strip());
        String name = validName("file name", fileName == null ? "" : fileName.strip());
        String extension = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
        if (!extensions.contains(extension)) {
            throw new InvalidUpload(415, "extension '" + extension + "' is not ingested; allowed: " + extensions.stream().sorted().toList());
        }
        if (size > maxBytes) {
            throw new InvalidUpload(413, "file is " + size + " bytes, the cap is " + maxBytes);
        }
        String relative = folder == null ? name : folder + "/" + name;
        Path target = resolveInside(relative);
        Files.createDirectories(target.getParent());
        // Written under a hidden name (the watcher skips it), then moved into place in one step.
        Path temp = target.getParent().resolve(".upload-" + name + "-" + System.nanoTime());
        try {
            long written = Files.copy(content, temp);
            if (written > maxBytes) {
                throw new InvalidUpload(413, "file is larger than the cap of " + maxBytes + " bytes");
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return new Saved(Ids.docId(relative), relative);
    }

    /** @return false when there was no such file */
    public boolean delete(String relativePath) throws IOException {
        return Files.deleteIfExists(resolveInside(relativePath));
    }

    private static String validName(String what, String name) {
        if (name.isEmpty() || !SAFE_NAME.matcher(name).matches() || name.startsWith(".") || name.equals("..")
                || name.contains("..")) {
            throw new InvalidUpload(400, what + " '" + name.replace("\u0000", "\\0")
                    + "' is not allowed: no separators, '..', NUL or leading dot");
        }
        return name;
    }

    private Path resolveInside(String relative) {
        Path target = baseDir.resolve(relative).normalize();
        if (!target.startsWith(baseDir) || target.equals(baseDir)) {
            throw new InvalidUpload(400, "path escapes the knowledge base");
        }
        return target;
    }
}
