package kb.query.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormatFoldingTest {

    private static final String SPEC_TEXT = "The sampling service stores each reading with its sensor id, the time it"
            + " was taken, its unit and a checksum; readings older than ninety days are archived nightly.";
    private static final String OTHER_TEXT = "Meeting notes: we agreed to review the sampling service next quarter"
            + " after the budget is settled and the new team members have joined the project.";

    @Test
    void shouldFoldOneDocumentsFormatsIntoItsBestRankedFileWhenTheyShareFolderNameAndTitle() {
        List<SearchResponse.DocumentResult> folded = FormatFolding.fold(
                List.of(
                        result("std/spec.pdf", "Sampling Service Specification", "page one"),
                        result("std/spec.docx", "Sampling Service Specification", "section one"),
                        result("other/readme.md", "Readme", "x"),
                        result("std/spec.odt", "Sampling Service Specification", "part one")),
                5);
        assertEquals(
                List.of("std/spec.pdf", "other/readme.md"),
                folded.stream().map(SearchResponse.DocumentResult::path).toList());
        assertEquals(List.of("std/spec.docx", "std/spec.odt"), folded.get(0).alsoAs());
        assertEquals(List.of(), folded.get(1).alsoAs());
    }

    @Test
    void shouldFoldFormatsWhenTheirPassagesHoldTheSameWordsThoughTheirTitlesDiffer() {
        List<SearchResponse.DocumentResult> folded = FormatFolding.fold(
                List.of(result("std/spec.pdf", "SPEC-2024", SPEC_TEXT), result("std/spec.html", "spec", SPEC_TEXT)), 5);
        assertEquals(1, folded.size());
        assertEquals(List.of("std/spec.html"), folded.get(0).alsoAs());
    }

    @Test
    void shouldKeepFilesApartWhenTheSameNameIsInAnotherFolderOrHoldsOtherText() {
        List<SearchResponse.DocumentResult> ranked = List.of(
                result("v1/spec.pdf", "Sampling Service Specification", SPEC_TEXT),
                result("v2/spec.pdf", "Sampling Service Specification", SPEC_TEXT),
                result("v2/spec.md", "spec", OTHER_TEXT),
                result("v2/data.csv", "data", SPEC_TEXT),
                result("v2/data.py", "data", OTHER_TEXT));
        assertEquals(ranked, FormatFolding.fold(ranked, 10));
    }

    @Test
    void shouldFillThePlacesFoldingFreesWithTheNextDocumentsWhenMoreWereRanked() {
        List<SearchResponse.DocumentResult> folded = FormatFolding.fold(
                List.of(
                        result("a/spec.pdf", "Spec A", "x"),
                        result("a/spec.docx", "Spec A", "x"),
                        result("b/guide.md", "Guide", "y"),
                        result("c/notes.md", "Notes", "z"),
                        result("a/spec.odt", "Spec A", "x")),
                2);
        assertEquals(
                List.of("a/spec.pdf", "b/guide.md"),
                folded.stream().map(SearchResponse.DocumentResult::path).toList());
        assertEquals(List.of("a/spec.docx", "a/spec.odt"), folded.get(0).alsoAs());
    }

    @Test
    void shouldWriteAlsoAsInTheJsonOnlyWhenADocumentHasCopies() throws Exception {
        ObjectMapper json = new ObjectMapper();
        SearchResponse.DocumentResult alone = result("std/spec.pdf", "Spec", "x");
        assertFalse(json.writeValueAsString(alone).contains("alsoAs"));
        assertTrue(json.writeValueAsString(alone.withAlsoAs(List.of("std/spec.docx")))
                .contains("\"alsoAs\":[\"std/spec.docx\"]"));
    }

    private static SearchResponse.DocumentResult result(String path, String title, String text) {
        return new SearchResponse.DocumentResult(
                "kb:" + path,
                "kb",
                path,
                title,
                1.0,
                List.of("bm25"),
                List.of(new SearchResponse.ChunkResult(text, null, 1.0, null)),
                List.of(),
                List.of(),
                List.of());
    }
}
