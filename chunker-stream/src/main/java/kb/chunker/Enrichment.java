package kb.chunker;

/**
 * The text BM25 indexes and the model embeds: the title (and section header) above the raw text, so a
 * chunk that never names its subject is still found by it.
 */
public final class Enrichment {

    private Enrichment() {}

    public static String enrich(String title, String sectionHeader, String text) {
        String head = sectionHeader == null || sectionHeader.isBlank() ? title : title + " > " + sectionHeader;
        return head + "\n\n" + text;
    }
}
