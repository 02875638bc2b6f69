package kb.query.search;

import static kb.testkit.Chunks.chunk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.msearch.MultisearchBody;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.json.JsonpUtils;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import kb.query.config.VectorSearch;
import kb.query.search.corpus.ScoredChunk;
import kb.search.es.ChunkDoc;
import org.junit.jupiter.api.Test;

/** Each search of the _msearch: the request it writes and its reading of a canned response (no Elasticsearch). */
class ArmSearchTest {

    private static final List<String> EXCLUDES = List.of("embedding");
    private static final ChunkDoc A = chunk("a", 0, "A", null, "alpha", List.of());
    private static final ChunkDoc B = chunk("b", 0, "B", null, "beta", List.of());

    private static String json(ArmSearch search) {
        MultisearchBody body =
                search.body(new MultisearchBody.Builder(), EXCLUDES).build();
        return JsonpUtils.toJsonString(body, new JacksonJsonpMapper());
    }

    /** A response with these chunks and scores (null: Elasticsearch gave none). */
    private static MultiSearchResponseItem<ChunkDoc> answered(List<ChunkDoc> chunks, List<Double> scores) {
        List<Hit<ChunkDoc>> hits = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            ChunkDoc chunk = chunks.get(i);
            Double score = scores.get(i);
            hits.add(Hit.of(
                    h -> h.index("chunks").id(chunk.chunkId()).score(score).source(chunk)));
        }
        return MultiSearchResponseItem.of(i -> i.result(r -> r.took(1)
                .timedOut(false)
                .shards(s -> s.total(1).successful(1).failed(0))
                .hits(h -> h.hits(hits))));
    }

    private static MultiSearchResponseItem<ChunkDoc> failed() {
        return MultiSearchResponseItem.of(i -> i.failure(f -> f.status(500)
                .error(e -> e.type("search_phase_execution_exception").reason("boom"))));
    }

    @Test
    void shouldAskNothingOfBm25WhenTheQuestionHasNoTerms() {
        String body = json(new ArmSearch.Bm25(ChunkRetriever.LexicalFields.ANALYSED, null, null, 2.0, 30));
        assertTrue(body.contains("\"match_none\""), body);
        assertTrue(body.contains("\"size\":0"), body);
    }

    @Test
    void shouldMatchTheTitleWithItsBoostAndSortTiesByChunkWhenBm25IsAsked() {
        String body = json(new ArmSearch.Bm25(ChunkRetriever.LexicalFields.ANALYSED, "gitlab", null, 2.0, 30));
        assertTrue(body.contains("\"size\":30"), body);
        assertTrue(body.contains("\"boost\":2.0"), body);
        assertTrue(body.indexOf("\"_score\"") < body.indexOf("\"chunk_id\""), body);
        assertFalse(body.contains("track_scores"), "a max score makes Elasticsearch score every match: " + body);
        assertTrue(body.contains("\"track_total_hits\":false"), "so does a count: " + body);
        assertTrue(body.contains("\"excludes\":[\"embedding\"]"), body);
        String noTitle = json(new ArmSearch.Bm25(ChunkRetriever.LexicalFields.ANALYSED, "gitlab", null, 0, 30));
        assertFalse(noTitle.contains("boost"), noTitle);
    }

    @Test
    void shouldFilterEveryArmByTheScopeWhenOneIsAsked() {
        Query filter = Query.of(q -> q.term(t -> t.field("category").value("dev")));
        String bm25 = json(new ArmSearch.Bm25(ChunkRetriever.LexicalFields.LEGACY, "gitlab", filter, 0, 30));
        assertTrue(bm25.contains("\"filter\""), bm25);
        String knn = json(new ArmSearch.Knn(
                new ChunkRetriever.QueryVector("embedding", new float[] {0.5f, 0.5f}),
                filter,
                40,
                VectorSearch.DEFAULT));
        assertTrue(knn.contains("\"filter\""), knn);
        assertTrue(knn.contains("\"k\":40"), knn);
        assertTrue(knn.contains("\"field\":\"embedding\""), knn);
    }

    @Test
    void shouldAskForTheKeywordDocumentsChunksWhenL0Matched() {
        String body = json(new ArmSearch.L0(ChunkRetriever.LexicalFields.ANALYSED, "gitlab", List.of("d1", "d2"), 30));
        assertTrue(body.contains("\"d1\""), body);
        assertTrue(body.contains("\"d2\""), body);
        assertTrue(body.contains("\"should\""), body);
    }

    @Test
    void shouldReadBm25sScoresAndZeroWhenNoneIsGiven() throws IOException {
        ArmSearch.Bm25 search = new ArmSearch.Bm25(ChunkRetriever.LexicalFields.ANALYSED, "x", null, 0, 30);
        search.read(answered(List.of(A, B), java.util.Arrays.asList(3.5, null)));
        assertEquals(List.of(new ScoredChunk(A, 3.5), new ScoredChunk(B, 0.0)), search.hits());
    }

    @Test
    void shouldReadBm25sScoreFromTheFirstSortValueWhenSorted() throws IOException {
        ArmSearch.Bm25 search = new ArmSearch.Bm25(ChunkRetriever.LexicalFields.ANALYSED, "x", null, 0, 30);
        List<Hit<ChunkDoc>> hits = List.of(
                Hit.of(h -> h.index("chunks")
                        .id("a")
                        .sort(FieldValue.of(7.25), FieldValue.of("a"))
                        .source(A)),
                Hit.of(h -> h.index("chunks")
                        .id("b")
                        .sort(FieldValue.of(7), FieldValue.of("b"))
                        .source(B)));
        search.read(MultiSearchResponseItem.of(i -> i.result(r -> r.took(1)
                .timedOut(false)
                .shards(s -> s.total(1).successful(1).failed(0))
                .hits(h -> h.hits(hits)))));
        assertEquals(List.of(new ScoredChunk(A, 7.25), new ScoredChunk(B, 7.0)), search.hits());
    }

    @Test
    void shouldReadKnnScoresAsCosinesWhenTheVectorArmAnswers() throws IOException {
        ArmSearch.Knn search = new ArmSearch.Knn(
                new ChunkRetriever.QueryVector("embedding", new float[] {1f}), null, 10, VectorSearch.DEFAULT);
        search.read(answered(List.of(A, B), java.util.Arrays.asList(0.9, null)));
        assertEquals(0.8, search.hits().get(0).score(), 1e-9);
        assertEquals(-1.0, search.hits().get(1).score(), 1e-9);
    }

    @Test
    void shouldFailTheRetrievalWhenOneSearchFailed() {
        ArmSearch.L0 search = new ArmSearch.L0(ChunkRetriever.LexicalFields.ANALYSED, null, List.of("d"), 30);
        IOException failure = assertThrows(IOException.class, () -> search.read(failed()));
        assertEquals("search failed: boom", failure.getMessage());
        assertEquals(List.of(), search.hits());
    }

    @Test
    void shouldCountNothingBeforeTheStatisticsAreRead() {
        ArmSearch.Stats stats = new ArmSearch.Stats(List.of("err_timeout"));
        assertEquals(kb.query.search.terms.CorpusStats.UNKNOWN, stats.corpus());
        String body = json(stats);
        assertTrue(body.contains("\"keyword_0\""), body);
        assertTrue(body.contains("\"size\":0"), body);
    }
}
