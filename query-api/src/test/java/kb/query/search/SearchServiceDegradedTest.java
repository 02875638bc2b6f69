package kb.query.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import kb.core.settings.Settings;
import kb.query.config.QueryConfig;
import kb.query.l0.KeywordIndex;
import kb.query.search.corpus.GateThreshold;
import kb.query.search.terms.Question;
import kb.search.embed.Embeddings;
import kb.search.es.EsClients;
import kb.testkit.StubEmbedder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The search with Elasticsearch unreachable (a port nothing listens on): L0 answers alone, the gate says why, and
 * a lookup's leader is absent. No Elasticsearch, a stub model.
 */
class SearchServiceDegradedTest {

    private static ElasticsearchClient client;
    private static SearchService search;

    @BeforeAll
    static void start() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        client = EsClients.create("http://127.0.0.1:" + closedPort, Duration.ofMillis(500), Duration.ofMillis(500));
        QueryConfig config = QueryConfig.from(new Settings(Map.of()));
        KeywordIndex keywords = new KeywordIndex();
        keywords.put(new DocumentCard(
                "pay",
                "kb",
                "payments/codes.md",
                "Payment codes",
                List.of("ERR_TIMEOUT"),
                null,
                null,
                "md",
                "h",
                1,
                1,
                0,
                NoteMeta.NONE));
        keywords.put(new DocumentCard(
                "api",
                "kb",
                "dev/api.md",
                "API",
                List.of("api", "REST"),
                null,
                null,
                "md",
                "h",
                1,
                1,
                0,
                NoteMeta.NONE));
        keywords.publish();
        ChunkRetriever retriever = new ChunkRetriever(
                client, config.elasticsearch().indexNames(), config.ranking().vectorSearch());
        search = new SearchService(
                config,
                Embeddings.single(new StubEmbedder("stub", 4)),
                retriever,
                keywords,
                () -> GateThreshold.fixed(0.7, "configured"),
                () -> FittedFusion.configured(SearchService.configuredWeights(config)));
    }

    @AfterAll
    static void stop() throws IOException {
        client._transport().close();
    }

    @Test
    void shouldAnswerASpecificKeywordFromL0AloneWhenElasticsearchIsDown() {
        Retrieval retrieval = search.retrieve(SearchRequest.served(Question.of("err_timeout"), 10, Scope.ALL));
        assertFalse(retrieval.l1Available());
        assertTrue(retrieval.found());
        assertEquals(
                List.of("pay"),
                retrieval.documents().stream()
                        .map(SearchResponse.DocumentResult::docId)
                        .toList());
        SearchResponse.DocumentResult only = retrieval.documents().get(0);
        assertEquals(List.of("L0"), only.matchedBy());
        assertEquals(List.of("specific keyword: err_timeout"), only.why());
        assertEquals(1, retrieval.gate().l0Hits());
        assertFalse(retrieval.gate().l1Available());
        assertNull(retrieval.l1Leader());
        assertEquals("err_timeout", retrieval.query().toLowerCase(java.util.Locale.ROOT));
    }

    @Test
    void shouldDeflectWhenNothingMatchedAndElasticsearchIsDown() {
        Retrieval retrieval = search.retrieve(SearchRequest.served(Question.of("sourdough starter"), 10, Scope.ALL));
        assertFalse(retrieval.found());
        assertEquals(List.of(), retrieval.documents());
        assertEquals(List.of(), retrieval.suggestions());
        assertEquals(List.of(), retrieval.l0());
    }

    @Test
    void shouldKeepL0OutOfADiagnosisOfOneArm() {
        SearchOptions bm25 = new SearchOptions(
                SearchOptions.Arms.BM25,
                false,
                false,
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty());
        Retrieval retrieval = search.retrieve(new SearchRequest(Question.of("err_timeout"), 10, Scope.ALL, bm25));
        assertEquals(List.of(), retrieval.l0());
        assertTrue(retrieval.found(), "the gate is off");
        assertEquals(List.of(), retrieval.documents());
    }

    @Test
    void shouldFilterL0ByTheScopeWhenACategoryIsAsked() {
        Retrieval retrieval =
                search.retrieve(SearchRequest.served(Question.of("err_timeout"), 10, new Scope(null, "dev")));
        assertEquals(List.of(), retrieval.l0());
        assertFalse(retrieval.found());
    }
}
