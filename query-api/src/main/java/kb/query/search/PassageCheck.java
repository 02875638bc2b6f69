package kb.query.search;

import java.util.List;

/**
 * What is known of the passages a search shows beyond the index: for a PDF, whether each passage's words are on the
 * page it cites and whether that page was read by OCR. Must not fail an answer: what it cannot check, it leaves.
 */
@FunctionalInterface
public interface PassageCheck {

    /** Checks nothing. */
    PassageCheck NONE = documents -> documents;

    /** The documents with their passages checked, in the same order. */
    List<SearchResponse.DocumentResult> check(List<SearchResponse.DocumentResult> documents);
}
