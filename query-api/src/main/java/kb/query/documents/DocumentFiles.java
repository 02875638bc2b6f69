package kb.query.documents;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import kb.core.Ids;
import kb.core.settings.CollectionFolder;

/**
 * Writes and removes files in the collections' folders for the documents API; the watchers do the rest.
 * Names are validated so nothing can escape the folder or be hidden from the watcher, and every path is
 * checked against the folder's real path: a folder symlinked outside the base is refused, not followed.
 */
public final class DocumentFiles {

    /** No separators, NUL, control characters (CR and LF included) or characters Windows shares refuse. */
    private static final Pattern SAFE_NAME = Pattern.compile("[^/\\\\\\p{Cntrl}:*?\"<>|]+");
    /** The usual file-name limit (ext4, xfs, btrfs, APFS): bytes, not characters. */
    static final int MAX_NAME_BYTES = 255;

    /** Collection name → folder, the default (uploads without a collection) first. */
    private final Map<String, Path> folders = new LinkedHashMap<>();

    private final Set<String> extensions;
    private final long maxBytes;
    private final Duration writeWait;

    /** The default {@code KB_WRITE_WAIT}, for callers that never wait (tests of the files alone). */
    static final Duration DEFAULT_WRITE_WAIT = Duration.ofSeconds(30);

    public DocumentFiles(List<CollectionFolder> collections, Set<String> extensions, long maxBytes) {
        this(collections, extensions, maxBytes, DEFAULT_WRITE_WAIT);
    }

    /** @param writeWait how long a write asked to wait for its version to be searchable waits at most */
    public DocumentFiles(
            List<CollectionFolder> collections, Set<String> extensions, long maxBytes, Duration writeWait) {
        if (collections.isEmpty()) {
            throw new IllegalArgumentException("at least one collection is needed");
        }
        collections.forEach(c -> folders.put(c.name(), c.folder()));
        this.extensions = Set.copyOf(extensions);
        this.maxBytes = maxBytes;
        this.writeWait = writeWait;
    }

    /** How long a write that waits for its version to be searchable ({@code wait=true}) waits at most. */
    public Duration writeWait() {
        return writeWait;
    }

    /** The collections files can be saved to, the default first. */
    public List<String> collections() {
        return List.copyOf(folders.keySet());
    }

    /** Where a saved upload went. */
    public record Saved(String docId, String collection, String path) {}

    /**
     * A saved upload and the version written: the SHA-256 of its bytes, as the producer fingerprints a file, so the
     * caller can tell when the index holds this very version.
     */
    public record Written(Saved saved, String contentHash) {}

    /** Rejected input, with the HTTP status it deserves (400, 409, 413, 415). */
    public static final class InvalidUpload extends RuntimeException {
        private final int status;

        public InvalidUpload(int status, String detail) {
            super(detail);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    /**
     * @param collection where the file goes; null or blank: the first (with one collection, the only) one
     * @param category   the first folder inside the collection's folder, or null for its top
     */
    /** @param overwrite whether a file of that name already there is replaced (else the upload is a 409) */
    public Saved save(
            String collection, String category, String fileName, long size, InputStream content, boolean overwrite)
            throws IOException {
        return write(collection, category, fileName, size, content, overwrite).saved();
    }

    /** As {@link #save}, with the fingerprint of the bytes written. */
    public Written write(
            String collection, String category, String fileName, long size, InputStream content, boolean overwrite)
            throws IOException {
        String chosen = collection == null || collection.isBlank()
                ? folders.keySet().iterator().next()
                : collection.strip();
        Path baseDir = folders.get(chosen);
        if (baseDir == null) {
            throw new InvalidUpload(
                    400,
                    "no collection '" + chosen.replaceAll("\\p{Cntrl}", "?") + "'; collections: " + folders.keySet());
        }
        String folder = category == null || category.isBlank() ? null : validName("category", category.strip());
        String name = validName("file name", fileName == null ? "" : fileName.strip());
        String extension =
                name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
        if (!extensions.contains(extension)) {
            throw new InvalidUpload(
                    415,
                    "extension '" + extension + "' is not ingested; allowed: "
                            + extensions.stream().sorted().toList());
        }
        if (size > maxBytes) {
            throw new InvalidUpload(413, "file is " + size + " bytes, the cap is " + maxBytes);
        }
        String relative = folder == null ? name : folder + "/" + name;
        Path target = resolveInside(baseDir, relative);
        createFolder(baseDir, target.getParent(), folder);
        Path parent = requireInside(baseDir, target.getParent());
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(target)) {
            throw new InvalidUpload(409, "'" + relative + "' is a folder or a link, not a file");
        }
        if (!overwrite && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidUpload(409, "'" + relative + "' exists; send overwrite=true to replace it");
        }
        // Written under a short hidden name (the watcher skips it; the upload's own name could be near the
        // 255-byte limit), then moved into place in one step.
        Path temp = parent.resolve(".upload-" + UUID.randomUUID());
        MessageDigest sha256 = sha256();
        try {
            long written = Files.copy(new DigestInputStream(content, sha256), temp);
            if (written > maxBytes) {
                throw new InvalidUpload(413, "file is larger than the cap of " + maxBytes + " bytes");
            }
            Files.move(
                    temp,
                    parent.resolve(target.getFileName()),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return new Written(
                new Saved(Ids.docId(chosen, relative), chosen, relative),
                HexFormat.of().formatHex(sha256.digest()));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
        }
    }

    /**
     * @param collection the document's collection; null (a document indexed before collections) is the first's
     * @return false when there was no such file (or no such collection here)
     */
    public boolean delete(String collection, String relativePath) throws IOException {
        Path baseDir =
                folders.get(collection == null ? folders.keySet().iterator().next() : collection);
        if (baseDir == null) {
            return false;
        }
        Path target = resolveInside(baseDir, relativePath);
        if (!Files.isDirectory(target.getParent())) {
            return false;
        }
        Path parent = requireInside(baseDir, target.getParent());
        // The file itself may be a link (the watcher follows links that stay inside); removing the link
        // never touches what it points at, so only its folder needs the real-path check.
        return Files.deleteIfExists(parent.resolve(target.getFileName()));
    }

    /**
     * The file itself, when this API sees the collection's folder (the local pipeline does; a query API on another
     * machine does not) and the file is still a regular file inside it.
     */
    public Optional<Path> original(String collection, String relativePath) {
        Path baseDir =
                folders.get(collection == null ? folders.keySet().iterator().next() : collection);
        if (baseDir == null || relativePath == null) {
            return Optional.empty();
        }
        try {
            Path real = resolveInside(baseDir, relativePath).toRealPath();
            return real.startsWith(baseDir.toRealPath()) && Files.isRegularFile(real)
                    ? Optional.of(real)
                    : Optional.empty();
        } catch (IOException | InvalidUpload e) {
            return Optional.empty();
        }
    }

    private static void createFolder(Path baseDir, Path folder, String category) throws IOException {
        Files.createDirectories(baseDir);
        requireInside(baseDir, nearestExisting(folder));
        try {
            Files.createDirectories(folder);
        } catch (FileAlreadyExistsException e) {
            throw new InvalidUpload(409, "category '" + category + "' is an existing file, not a folder");
        }
    }

    private static Path nearestExisting(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        return existing;
    }

    /**
     * The real path of an existing folder, refused unless it lies inside the base folder's real path: a
     * lexically inside path can still lead out through a symlinked folder.
     */
    private static Path requireInside(Path baseDir, Path folder) throws IOException {
        Path realBase = baseDir.toRealPath();
        Path real = folder.toRealPath();
        if (!real.startsWith(realBase)) {
            throw new InvalidUpload(400, "path leads out of the knowledge base through a link");
        }
        return real;
    }

    private static String validName(String what, String name) {
        String shown = name.replaceAll("\\p{Cntrl}", "?");
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw new InvalidUpload(400, what + " is longer than " + MAX_NAME_BYTES + " bytes in UTF-8");
        }
        if (name.isEmpty() || !SAFE_NAME.matcher(name).matches() || name.startsWith(".") || name.contains("..")) {
            throw new InvalidUpload(
                    400,
                    what + " '" + shown + "' is not allowed: no separators, '..', control characters or leading dot");
        }
        return name;
    }

    private static Path resolveInside(Path baseDir, String relative) {
        Path target = baseDir.resolve(relative).normalize();
        if (!target.startsWith(baseDir) || target.equals(baseDir)) {
            throw new InvalidUpload(400, "path escapes the knowledge base");
        }
        return target;
    }
}
