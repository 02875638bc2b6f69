package kb.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Stable identifiers: documents from their path, chunks from their content. */
public final class Ids {

    private Ids() {
    }

    /** Doc id: stable for a relative path, so an edit replaces and a rename moves. */
    public static String docId(String relativePath) {
        return sha256Hex(relativePath).substring(0, 32);
    }

    /**
     * Chunk id from the enriched text (and the document), so an unchanged chunk keeps its id across
     * edits. {@code occurrence} tells apart identical chunks within one document.
     */
    public static String chunkId(String docId, String enrichedText, int occurrence) {
        return sha256Hex(docId + '\u0000' + occurrence + '\u0000' + enrichedText).substring(0, 32);
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
