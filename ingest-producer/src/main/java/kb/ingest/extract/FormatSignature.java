package kb.ingest.extract;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a file's bytes are the kind of document its extension names, checked before a parser sees it: Tika
 * detects random bytes named {@code .xlsx} as an unknown type and returns an empty document without an error, and a
 * truncated archive fails deep in a parser with a message that says nothing to a person.
 */
final class FormatSignature {

    /** Office Open XML, OpenDocument and EPUB files are zip archives. */
    private static final Set<String> ZIPPED = Set.of("docx", "pptx", "xlsx", "odt", "odp", "ods", "epub");
    /** A PDF's header may follow some leading junk; readers look for it within the first kilobyte. */
    private static final int PDF_HEADER_WINDOW = 1024;
    /** The end of central directory record: 22 bytes, after a comment of up to 64 KiB. */
    private static final int END_RECORD_WINDOW = 22 + 65_535;

    private FormatSignature() {}

    /** Why the file is not a document of this format, or empty when its signature matches (or is not checked). */
    static Optional<String> mismatch(Path file, String format) throws IOException {
        String lower = format.toLowerCase(Locale.ROOT);
        byte[] head = head(file, PDF_HEADER_WINDOW);
        if (lower.equals("pdf")) {
            return contains(head, "%PDF-") ? Optional.empty() : Optional.of("not a PDF (no %PDF- header)");
        }
        if (lower.equals("rtf")) {
            return startsWith(head, "{\\rtf")
                    ? Optional.empty()
                    : Optional.of("not an RTF document (no {\\rtf header)");
        }
        if (ZIPPED.contains(lower)) {
            if (!startsWith(head, "PK\u0003\u0004")) {
                return Optional.of("not a ." + lower + " document (it is no zip archive)");
            }
            return hasEndRecord(file)
                    ? Optional.empty()
                    : Optional.of("truncated archive: the zip's end record is missing (a copy or download cut short?)");
        }
        return Optional.empty();
    }

    private static byte[] head(Path file, int max) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(max);
        }
    }

    private static boolean hasEndRecord(Path file) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(file)) {
            long size = channel.size();
            int window = (int) Math.min(size, END_RECORD_WINDOW);
            ByteBuffer tail = ByteBuffer.allocate(window);
            channel.position(size - window);
            while (tail.hasRemaining() && channel.read(tail) >= 0) {
                // reads until the window is full
            }
            return contains(tail.array(), "PK\u0005\u0006");
        }
    }

    private static boolean startsWith(byte[] bytes, String signature) {
        byte[] expected = signature.getBytes(StandardCharsets.ISO_8859_1);
        if (bytes.length < expected.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (bytes[i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(byte[] bytes, String signature) {
        byte[] expected = signature.getBytes(StandardCharsets.ISO_8859_1);
        outer:
        for (int i = 0; i + expected.length <= bytes.length; i++) {
            for (int j = 0; j < expected.length; j++) {
                if (bytes[i + j] != expected[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
