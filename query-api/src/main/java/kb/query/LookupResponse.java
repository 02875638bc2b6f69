package kb.query;

/**
 * The {@code lookup_knowledge} answer (a contract agents rely on).
 *
 * @param primary    the exact keyword (L0) match, or null
 * @param supplement the best semantic (L1) match, or null
 */
public record LookupResponse(boolean found, Primary primary, Supplement supplement) {

    /** @param availableSections always null for now */
    public record Primary(String content, String source, String matchType, String confidence,
                          Object availableSections) {
    }

    public record Supplement(String content, String source, String matchType) {
    }

    static LookupResponse nothing() {
        return new LookupResponse(false, null, null);
    }
}
