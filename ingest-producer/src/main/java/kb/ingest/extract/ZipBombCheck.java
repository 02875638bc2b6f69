package kb.ingest.extract;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Office, OpenDocument and EPUB files are zip archives. Tika switches off POI's inflate-ratio guard and watches the
 * text it emits instead, which a bomb of whitespace or markup never trips: it would only cost time and memory. So the
 * archive is inflated once, counting the bytes it really holds (never trusting the sizes it declares), and refused
 * when it expands more than {@link #MAX_RATIO} times past {@link #GRACE_BYTES}, or past {@link #MAX_BYTES} at all.
 */
final class ZipBombCheck {

    static final Set<String> ZIPPED = Set.of("docx", "pptx", "xlsx", "odt", "odp", "ods", "epub");
    /** Real XML compresses 10 to 30 times; a bomb a thousand times. */
    static final int MAX_RATIO = 100;

    static final long GRACE_BYTES = 100L * 1024 * 1024;
    static final long MAX_BYTES = 2L * 1024 * 1024 * 1024;

    private ZipBombCheck() {}

    /** @return why the archive is refused, if it is */
    static Optional<String> check(Path file, String format) throws IOException {
        if (!ZIPPED.contains(format)) {
            return Optional.empty();
        }
        long packed = Math.max(1, Files.size(file));
        long inflated = 0;
        byte[] buffer = new byte[64 * 1024];
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(file))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                for (int n = zip.read(buffer); n > 0; n = zip.read(buffer)) {
                    inflated += n;
                    if (inflated > MAX_BYTES || (inflated > GRACE_BYTES && inflated / packed > MAX_RATIO)) {
                        return Optional.of("expands like a zip bomb (over " + inflated / (1024 * 1024) + " MB from "
                                + packed / 1024 + " KB)");
                    }
                }
            }
        }
        return Optional.empty();
    }
}
