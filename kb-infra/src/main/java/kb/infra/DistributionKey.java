package kb.infra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Which Elasticsearch distribution a zip holds: its version (the zip's top folder, {@code elasticsearch-VERSION})
 * and a checksum of its content, so the same distribution copied to another checkout or rebuilt shares one unpacked
 * copy, and a changed one gets its own.
 *
 * <p>The checksum is the SHA-256 of the zip's table of contents (every entry's name, size and CRC-32, which the zip
 * already stores) rather than of the whole file: reading 107 MB at every start costs seconds, the table of contents
 * milliseconds, and a changed file inside changes its CRC-32.
 *
 * @param version the distribution's version, e.g. {@code 8.19.21}
 * @param checksum the first 12 hex digits of the checksum
 */
record DistributionKey(String version, String checksum) {

    private static final String TOP_FOLDER = "elasticsearch-";
    /** A copy's folder name: the version, a dash, 12 hex digits. */
    private static final Pattern FOLDER = Pattern.compile("[0-9][0-9A-Za-z.\\-]*-[0-9a-f]{12}");
    /** A version safe to put in a folder name. */
    private static final Pattern VERSION = Pattern.compile("[0-9][0-9A-Za-z.\\-]*");

    static DistributionKey of(Path zip) throws IOException {
        try (ZipFile file = new ZipFile(zip.toFile())) {
            MessageDigest digest = sha256();
            String version = null;
            for (Enumeration<? extends ZipEntry> entries = file.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                if (version == null) {
                    version = version(entry.getName(), zip);
                }
                String line = entry.getName() + '\u0000' + entry.getSize() + '\u0000' + entry.getCrc() + '\n';
                digest.update(line.getBytes(StandardCharsets.UTF_8));
            }
            if (version == null) {
                throw new IOException("empty Elasticsearch distribution: " + zip);
            }
            return new DistributionKey(
                    version, HexFormat.of().formatHex(digest.digest()).substring(0, 12));
        }
    }

    /** The folder this distribution is unpacked into, inside the cache's {@code elasticsearch} folder. */
    String folderName() {
        return version + "-" + checksum;
    }

    /** Whether a folder of the cache is a copy named by a key (copies made before keys had another name). */
    static boolean isCopyName(String name) {
        return FOLDER.matcher(name).matches();
    }

    private static String version(String firstEntry, Path zip) throws IOException {
        String top = firstEntry.contains("/") ? firstEntry.substring(0, firstEntry.indexOf('/')) : firstEntry;
        String version = top.startsWith(TOP_FOLDER) ? top.substring(TOP_FOLDER.length()) : "";
        if (!VERSION.matcher(version).matches()) {
            throw new IOException("not an Elasticsearch distribution (its top folder is " + top + "): " + zip);
        }
        return version;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
        }
    }
}
