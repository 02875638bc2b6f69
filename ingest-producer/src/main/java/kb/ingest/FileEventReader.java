package kb.ingest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import kb.core.CollectionFolder;
import kb.core.FileEvent;
import kb.core.Ids;

/** Reads one file into a {@link FileEvent}, or says why it cannot be ingested. */
public final class FileEventReader {

    private final String collection;
    private final Path baseDir;
    private final long maxFileBytes;
    private final Clock clock;

    public FileEventReader(CollectionFolder collection, long maxFileBytes, Clock clock) {
        this.collection = collection.name();
        this.baseDir = collection.folder();
        this.maxFileBytes = maxFileBytes;
        this.clock = clock;
    }

    public FileReadResult read(String relativePath) {
        Path file = baseDir.resolve(relativePath);
        String fingerprint = null;
        try {
            // Opening a named pipe blocks until a writer comes, and a device may never end: only regular
            // files (a link's target, once the caller made sure it stays inside the base) are opened.
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            fingerprint = "size=" + attributes.size() + ",modified="
                    + attributes.lastModifiedTime().toMillis();
            if (!attributes.isRegularFile()) {
                String kind = attributes.isOther() ? "a named pipe, socket or device" : "not a regular file";
                return new FileReadResult.Rejected(
                        relativePath,
                        "not_regular",
                        "NotARegularFile",
                        "the path is " + kind + ": only regular files are read",
                        "not_regular:" + kind);
            }
            long size = attributes.size();
            if (size > maxFileBytes) {
                return new FileReadResult.Rejected(
                        relativePath,
                        "oversize",
                        "FileTooLarge",
                        "file is " + size + " bytes, the cap is " + maxFileBytes,
                        fingerprint);
            }
            byte[] bytes = Files.readAllBytes(file);
            fingerprint = Ids.sha256Hex(bytes);
            if (bytes.length > maxFileBytes) {
                return new FileReadResult.Rejected(
                        relativePath,
                        "oversize",
                        "FileTooLarge",
                        "file is " + bytes.length + " bytes, the cap is " + maxFileBytes,
                        fingerprint);
            }
            if (looksBinary(bytes)) {
                return new FileReadResult.Rejected(
                        relativePath,
                        "binary",
                        "BinaryContent",
                        "file contains NUL bytes: binary content is not ingested",
                        fingerprint);
            }
            String content = decodeStrictUtf8(bytes);
            long modified = Files.getLastModifiedTime(file).toMillis();
            return new FileReadResult.Read(new FileEvent(
                    FileEvent.SCHEMA_VERSION,
                    FileEvent.Op.UPSERT,
                    collection,
                    relativePath,
                    categoryOf(relativePath),
                    PathFilter.extensionOf(relativePath),
                    bytes.length,
                    fingerprint,
                    modified,
                    clock.millis(),
                    content));
        } catch (NoSuchFileException e) {
            return new FileReadResult.Gone(relativePath);
        } catch (CharacterCodingException e) {
            return new FileReadResult.Rejected(
                    relativePath,
                    "invalid_utf8",
                    e.getClass().getSimpleName(),
                    "content is not valid UTF-8",
                    fingerprint);
        } catch (IOException e) {
            return new FileReadResult.Rejected(
                    relativePath,
                    "unreadable",
                    e.getClass().getSimpleName(),
                    String.valueOf(e.getMessage()),
                    "unreadable:" + fingerprint);
        }
    }

    /** First folder of the path, or null for files at the root. */
    public static String categoryOf(String relativePath) {
        int slash = relativePath.indexOf('/');
        return slash < 0 ? null : relativePath.substring(0, slash);
    }

    private static boolean looksBinary(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }

    private static String decodeStrictUtf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
    }
}
