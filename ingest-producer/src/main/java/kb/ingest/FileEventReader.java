package kb.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Optional;
import kb.core.ExtractedText;
import kb.core.FileEvent;
import kb.core.Formats;
import kb.core.Ids;
import kb.core.settings.CollectionFolder;
import kb.ingest.extract.Extraction;
import kb.ingest.extract.Extractor;

/**
 * Reads one file into a {@link FileEvent}, or says why it cannot be ingested. A text file is read as UTF-8; a
 * document that is not plain text ({@link Formats#EXTRACTED}) has its text extracted, unless the index already has
 * that version of it.
 */
public final class FileEventReader {

    /** Whether the index has this version of a file (or it was reported as bad), so it need not be extracted again. */
    @FunctionalInterface
    public interface Known {
        Known NOTHING = (path, sha256) -> false;

        boolean has(String path, String sha256);
    }

    /**
     * How documents that are not plain text are read.
     *
     * @param maxDocumentBytes a larger document is not opened
     */
    public record Documents(Extractor extractor, long maxDocumentBytes, Known known) {}

    private final String collection;
    private final Path baseDir;
    private final long maxFileBytes;
    private final Clock clock;
    private final Documents documents;

    public FileEventReader(CollectionFolder collection, long maxFileBytes, Clock clock, Documents documents) {
        this.collection = collection.name();
        this.baseDir = collection.folder();
        this.maxFileBytes = maxFileBytes;
        this.clock = clock;
        this.documents = documents;
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
            String format = PathFilter.extensionOf(relativePath);
            if (Formats.isExtracted(format)) {
                return readDocument(file, relativePath, format, fingerprint, size);
            }
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
            Optional<Charset> marked = TextDecoding.markedCharset(bytes);
            if (marked.isPresent()) {
                return readMarked(relativePath, bytes, marked.get(), fingerprint);
            }
            if (looksBinary(bytes)) {
                return new FileReadResult.Rejected(
                        relativePath,
                        "binary",
                        "BinaryContent",
                        "file contains NUL bytes: binary content is not ingested",
                        fingerprint);
            }
            return new FileReadResult.Read(
                    textEvent(file, relativePath, bytes, TextDecoding.decodeUtf8(bytes), fingerprint));
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

    /** A UTF-16 or UTF-32 file announced by its byte order mark; one invalid in that charset says which it is. */
    private FileReadResult readMarked(String relativePath, byte[] bytes, Charset charset, String fingerprint)
            throws IOException {
        try {
            String content = TextDecoding.decodeMarked(bytes, charset);
            return new FileReadResult.Read(
                    textEvent(baseDir.resolve(relativePath), relativePath, bytes, content, fingerprint));
        } catch (CharacterCodingException e) {
            return new FileReadResult.Rejected(
                    relativePath,
                    "invalid_utf8",
                    e.getClass().getSimpleName(),
                    "not UTF-8 (" + charset.name() + ") and not valid " + charset.name() + " either",
                    fingerprint);
        }
    }

    private FileEvent textEvent(Path file, String relativePath, byte[] bytes, String content, String sha256)
            throws IOException {
        return new FileEvent(
                FileEvent.SCHEMA_VERSION,
                FileEvent.Op.UPSERT,
                collection,
                relativePath,
                categoryOf(relativePath),
                PathFilter.extensionOf(relativePath),
                bytes.length,
                sha256,
                Files.getLastModifiedTime(file).toMillis(),
                clock.millis(),
                content,
                null);
    }

    private FileReadResult readDocument(Path file, String relativePath, String format, String sizeAndTime, long size)
            throws IOException {
        if (size > documents.maxDocumentBytes()) {
            return new FileReadResult.Rejected(
                    relativePath,
                    "too_large",
                    "DocumentTooLarge",
                    "too large: the file is " + size + " bytes, documents are read up to "
                            + documents.maxDocumentBytes(),
                    sizeAndTime);
        }
        long modified = Files.getLastModifiedTime(file).toMillis();
        String sha256 = sha256(file);
        if (documents.known().has(relativePath, sha256)) {
            return new FileReadResult.Unchanged(relativePath, sha256);
        }
        Extraction extraction = documents.extractor().extract(file, format);
        if (extraction instanceof Extraction.Failed failed) {
            return new FileReadResult.Rejected(
                    relativePath, failed.reason(), "ExtractionFailed", failed.message(), sha256);
        }
        ExtractedText text = ((Extraction.Done) extraction).text();
        return new FileReadResult.Read(new FileEvent(
                FileEvent.SCHEMA_VERSION,
                FileEvent.Op.UPSERT,
                collection,
                relativePath,
                categoryOf(relativePath),
                format,
                size,
                sha256,
                modified,
                clock.millis(),
                null,
                text));
    }

    /** The digest of a file read as a stream: a document may be far larger than a text file. */
    private static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of()
                    .formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
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
}
