package kb.query.search;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import kb.query.l0.L0Hit;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.KeywordSpecificity;
import kb.query.search.terms.Question;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** Fused scores made into ranked documents, L1's leader and the suggestions, on hand-built hits. */
class DocumentRankingTest {

    private static final ChunkDoc A0 = chunk("a", 0, "Alpha", "one", "alpha one", List.of());
    private static final ChunkDoc A1 = chunk("a", 1, "Alpha", "two", "alpha two", List.of());
    private static final ChunkDoc B0 = chunk("b", 0, "Beta", null, "beta", List.of());
    private static final ChunkDoc C0 = chunk("c", 0, "Gamma", null, "gamma", List.of());

    private static Fusion.Input input() {
        ArmHits hits = new ArmHits(
                Map.of(
                        Arm.BM25, ArmHitsFixtures.scored(List.of(A0, B0), List.of(3.0, 2.0)),
                        Arm.VECTOR, ArmHitsFixtures.scored(List.of(A1, C0, B0), List.of(0.9, 0.88, 0.7))),
                List.of(0.9),
                CorpusStats.UNKNOWN);
        return new Fusion.Input(Question.of("alpha"), hits, List.of(), List.of(), c -> "embedding");
    }

    private static EvidenceFusion.Scores scores(Map<String, Double> chunks, Map<String, Double> documents) {
        return new EvidenceFusion.Scores(chunks, documents);
    }

    private static final EvidenceFusion.Scores FUSED =
            scores(Map.of("a#0", 0.5, "a#1", 0.9, "b#0", 0.7, "c#0", 0.2), Map.of("a", 0.9, "b", 0.7, "c", 0.2));

    private static L0Hit specific(String docId) {
        return new L0Hit(
                docId,
                "kb",
                docId + ".md",
                "Title " + docId,
                null,
                List.of(new L0Hit.KeywordMatch("kw-" + docId, 1)),
                List.of(),
                List.of());
    }

    @Test
    void shouldRankDocumentsByTheirScoreWithTheirBestChunksFirst() {
        List<SearchResponse.DocumentResult> ranked =
                DocumentRanking.rank(input(), FUSED, KeywordSpecificity.L0Evidence.NONE, 10);
        assertEquals(
                List.of("a", "b", "c"),
                ranked.stream().map(SearchResponse.DocumentResult::docId).toList());
        SearchResponse.DocumentResult a = ranked.get(0);
        assertEquals(0.9, a.score());
        assertEquals(
                List.of("alpha two", "alpha one"),
                a.chunks().stream().map(SearchResponse.ChunkResult::text).toList());
        assertEquals(List.of("vector", "bm25"), a.matchedBy());
        assertEquals(List.of("bm25", "vector"), ranked.get(1).matchedBy());
    }

    @Test
    void shouldCutTheRankingAtKWhenAsked() {
        List<SearchResponse.DocumentResult> ranked =
                DocumentRanking.rank(input(), FUSED, KeywordSpecificity.L0Evidence.NONE, 2);
        assertEquals(
                List.of("a", "b"),
                ranked.stream().map(SearchResponse.DocumentResult::docId).toList());
    }

    @Test
    void shouldAddASpecificKeywordsDocumentWithoutChunksAfterTheRanked() {
        KeywordSpecificity.L0Evidence evidence =
                new KeywordSpecificity.L0Evidence(List.of(specific("d")), List.of(), List.of());
        List<SearchResponse.DocumentResult> ranked = DocumentRanking.rank(input(), FUSED, evidence, 10);
        SearchResponse.DocumentResult d = ranked.get(3);
        assertEquals("d", d.docId());
        assertEquals(0.0, d.score());
        assertEquals(List.of("L0"), d.matchedBy());
        assertEquals(List.of("specific keyword: kw-d"), d.why());
        assertEquals(3, DocumentRanking.rank(input(), FUSED, evidence, 3).size());
    }

    @Test
    void shouldShowAtMostThreeChunksOfADocument() {
        ChunkDoc a2 = chunk("a", 2, "Alpha", null, "alpha three", List.of());
        ChunkDoc a3 = chunk("a", 3, "Alpha", null, "alpha four", List.of());
        ArmHits hits = new ArmHits(
                Map.of(Arm.BM25, ArmHitsFixtures.scored(List.of(A0, A1, a2, a3), List.of(4.0, 3.0, 2.0, 1.0))),
                List.of(),
                CorpusStats.UNKNOWN);
        Fusion.Input input = new Fusion.Input(Question.of("alpha"), hits, List.of(), List.of(), c -> "embedding");
        EvidenceFusion.Scores fused = scores(Map.of("a#0", 4.0, "a#1", 3.0, "a#2", 2.0, "a#3", 1.0), Map.of("a", 4.0));
        List<SearchResponse.DocumentResult> ranked =
                DocumentRanking.rank(input, fused, KeywordSpecificity.L0Evidence.NONE, 10);
        assertEquals(3, ranked.get(0).chunks().size());
    }

    @Test
    void shouldLeadWithTheBestDocumentAndTheSmallestIdAmongEquals() {
        assertEquals("a", DocumentRanking.leader(FUSED));
        assertEquals("b", DocumentRanking.leader(scores(Map.of(), Map.of("c", 1.0, "b", 1.0, "d", 0.5))));
        assertNull(DocumentRanking.leader(scores(Map.of(), Map.of())));
    }

    @Test
    void shouldSuggestTheNearestTitlesByMeaningWhenDeflected() {
        assertEquals(List.of("Alpha", "Gamma", "Beta"), DocumentRanking.suggestions(input().hits()));
        assertEquals(List.of(), DocumentRanking.suggestions(ArmHits.none()));
    }
}
