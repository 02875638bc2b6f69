package kb.query.search;

import static kb.testkit.Chunks.located;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import kb.core.Location;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** A document's passages ordered by their own evidence, neighbours that both match joined: on hand-built evidence. */
class PassageRankingTest {

    private static ChunkDoc page(int n, String text) {
        return located("paper", n - 1, text, "pdf", new Location(Location.Unit.PAGE, n, n, null));
    }

    private static PassageRanking.Evidence bm25(ChunkDoc chunk, double score) {
        return new PassageRanking.Evidence(chunk, score, null, 0);
    }

    private static PassageRanking.Evidence cosine(ChunkDoc chunk, double cosine) {
        return new PassageRanking.Evidence(chunk, 0, "embedding", cosine);
    }

    private static List<Location> locations(List<SearchResponse.ChunkResult> shown) {
        return shown.stream().map(SearchResponse.ChunkResult::location).toList();
    }

    @Test
    void shouldShowFirstThePageWhoseOwnWordsAnswerWhenTheFusedOrderSaysOtherwise() {
        ChunkDoc p2 = page(2, "introduction");
        ChunkDoc p5 = page(5, "tables: use the small font option");
        ChunkDoc p8 = page(8, "references");
        List<PassageRanking.Evidence> evidence =
                List.of(bm25(p5, 9.0), bm25(p8, 2.0), cosine(p5, 0.80), cosine(p2, 0.79), cosine(p8, 0.70));
        // The fused order (from the document's rank) put page 2 first.
        Map<String, Double> fused = Map.of(p2.chunkId(), 3.0, p5.chunkId(), 1.0);
        List<SearchResponse.ChunkResult> shown = PassageRanking.shown(evidence, fused);
        assertEquals(new Location(Location.Unit.PAGE, 5, 5, null), shown.get(0).location());
        assertEquals("tables: use the small font option", shown.get(0).text());
        assertEquals(1.0, shown.get(0).score());
    }

    @Test
    void shouldWeighACosineBelowTheDocumentsBestAgainstItsWords() {
        ChunkDoc p1 = page(1, "a");
        ChunkDoc p3 = page(3, "b");
        Map<String, Double> scores =
                PassageRanking.scores(List.of(bm25(p1, 4.0), bm25(p3, 2.0), cosine(p1, 0.60), cosine(p3, 0.80)));
        assertEquals(1.0 + PassageRanking.MEANING_WEIGHT * -2, scores.get(p1.chunkId()), 1e-9);
        assertEquals(0.5, scores.get(p3.chunkId()), 1e-9);
    }

    @Test
    void shouldJoinANeighbourPageThatMatchesTooAndCiteBothPages() {
        ChunkDoc p3 = page(3, "the appendix command");
        ChunkDoc p4 = page(4, "a single appendix");
        ChunkDoc p6 = page(6, "unrelated");
        List<PassageRanking.Evidence> evidence =
                List.of(bm25(p3, 8.0), bm25(p4, 7.5), cosine(p3, 0.80), cosine(p4, 0.80), cosine(p6, 0.78));
        List<SearchResponse.ChunkResult> shown = PassageRanking.shown(evidence, Map.of());
        assertEquals(
                List.of(new Location(Location.Unit.PAGE, 3, 4, null), new Location(Location.Unit.PAGE, 6, 6, null)),
                locations(shown));
        assertEquals("the appendix command\n\na single appendix", shown.get(0).text());
    }

    @Test
    void shouldNotJoinANeighbourWithoutWordsOfTheQuestionOrFarBelow() {
        ChunkDoc p3 = page(3, "answer");
        ChunkDoc p4 = page(4, "near by meaning only");
        ChunkDoc p2 = page(2, "a weak word match");
        List<PassageRanking.Evidence> evidence =
                List.of(bm25(p3, 10.0), bm25(p2, 1.0), cosine(p3, 0.80), cosine(p4, 0.80), cosine(p2, 0.75));
        List<SearchResponse.ChunkResult> shown = PassageRanking.shown(evidence, Map.of());
        assertEquals(new Location(Location.Unit.PAGE, 3, 3, null), shown.get(0).location());
        assertEquals(3, shown.size());
    }

    @Test
    void shouldShowAtMostThreePassagesOfADocument() {
        List<PassageRanking.Evidence> evidence = List.of(
                cosine(page(1, "a"), 0.9),
                cosine(page(3, "b"), 0.8),
                cosine(page(5, "c"), 0.7),
                cosine(page(7, "d"), 0.6));
        List<SearchResponse.ChunkResult> shown = PassageRanking.shown(evidence, Map.of());
        assertEquals(
                List.of("a", "b", "c"),
                shown.stream().map(SearchResponse.ChunkResult::text).toList());
    }

    @Test
    void shouldReadAChunkNoSearchReturnedAsBelowAllTheDocumentsSearchDid() {
        ChunkDoc p1 = page(1, "seen");
        ChunkDoc p2 = page(2, "words only");
        Map<String, Double> scores =
                PassageRanking.scores(List.of(cosine(p1, 0.8), cosine(page(3, "x"), 0.7), bm25(p2, 1.0)));
        assertEquals(1.0 + PassageRanking.MEANING_WEIGHT * (0.7 - 0.8 - 0.02) / 0.1, scores.get(p2.chunkId()), 1e-9);
    }

    @Test
    void shouldJoinOnlyLocationsOneSpanCanCite() {
        Location page3 = new Location(Location.Unit.PAGE, 3, 3, null);
        assertTrue(PassageRanking.adjoins(page3, new Location(Location.Unit.PAGE, 4, 4, null)));
        assertTrue(PassageRanking.adjoins(page3, page3));
        assertFalse(PassageRanking.adjoins(page3, new Location(Location.Unit.PAGE, 5, 5, null)));
        assertFalse(PassageRanking.adjoins(page3, new Location(Location.Unit.SLIDE, 4, 4, null)));
        assertFalse(PassageRanking.adjoins(
                new Location(Location.Unit.ROW, 1, 9, "Sheet1"), new Location(Location.Unit.ROW, 10, 20, "Sheet2")));
    }

    @Test
    void shouldShowATableOfContentsAfterThePassagesThatAnswer() {
        ChunkDoc contents =
                page(1, "2.1 Tree search . . . . . . . 5\n2.2 Games . . . . . . . . 9\n2.3 Minimax . . . . . . . 10");
        ChunkDoc answer = page(10, "Expectimax: the opponent plays at random");
        List<PassageRanking.Evidence> evidence =
                List.of(bm25(contents, 9.0), bm25(answer, 4.0), cosine(contents, 0.80), cosine(answer, 0.75));
        assertTrue(PassageRanking.isContents(contents));
        assertFalse(PassageRanking.isContents(answer));
        assertEquals(
                List.of(new Location(Location.Unit.PAGE, 10, 10, null), new Location(Location.Unit.PAGE, 1, 1, null)),
                locations(PassageRanking.shown(evidence, Map.of())));
    }
}
