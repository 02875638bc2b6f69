package kb.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Stable identifiers: documents from their collection and path, chunks from their content. */
public final class Ids {

    private Ids() {}

    /** Between collection and path in a file-events key; never part of a collection name. */
    public static final char KEY_SEPARATOR = ':';

    /**
     * The {@code kb.file-events} key of a file: {@code collection:relative/path}, readable in any Kafka tool.
     * Records published before collections existed are keyed by the bare path.
     */
    public static String fileKey(String collection, String relativePath) {
        return collection + KEY_SEPARATOR + relativePath;
    }

    /** Doc id: stable for a collection and relative path, so an edit replaces and a rename moves. */
    public static String docId(String collection, String relativePath) {
        return docIdOfKey(fileKey(collection, relativePath));
    }

    /**
     * The doc id of a file-events key: the digest of the key, so a tombstone (a key without a value) names
     * its document, and a key of the days before collections (the bare path) names the document it made then.
     */
    public static String docIdOfKey(String fileKey) {
        return sha256Hex(fileKey).substring(0, 32);
    }

    /**
     * Chunk id from the enriched text (and the document), so an unchanged chunk keeps its id across
     * edits. {@code occurrence} tells apart identical chunks within one document.
     */
    public static String chunkId(String docId, String enrichedText, int occurrence) {
        return sha256Hex(docId + '\u0000' + occurrence + '\u0000' + enrichedText)
                .substring(0, 32);
    }

    public static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }

    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JVM", e);
        }
    }
}
