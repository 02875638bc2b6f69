package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import kb.core.DocumentCard;
import kb.core.Ids;
import kb.core.Json;
import kb.core.NoteMeta;
import kb.search.es.CardDoc;
import kb.search.es.EsClients;
import kb.testkit.Multipart;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every bad request gets a 4xx {@code {"error", "detail"}} answer (never a 5xx, never HTML or plain text),
 * writes stay inside the knowledge base's real path, and every document can be listed.
 */
class ApiErrorsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static PipelineHarness kb;
    private static ElasticsearchClient client;

    @BeforeAll
    static void startPipeline() throws Exception {
        kb = new PipelineHarness();
        kb.write("notes/first.md", "# First\n\nThe first note.\n");
        kb.write("taken.md", "# Taken\n\nA file where a category could be.\n");
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("notes/first.md", "taken.md")));
        client = EsClients.create(SharedInfrastructure.get().elasticsearchUrl());
    }

    @AfterAll
    static void stopPipeline() throws Exception {
        kb.close();
        client._transport().close();
    }

    private static HttpResponse<String> upload(String category, String name) throws Exception {
        return kb.send(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents")),
                category,
                name,
                "# Note\n\nbody\n".getBytes(StandardCharsets.UTF_8)));
    }

    private static void assertJsonError(int status, HttpResponse<String> response) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(
                response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"),
                response.headers().toString());
        JsonNode body = Json.MAPPER.readTree(response.body());
        assertTrue(body.hasNonNull("error") && body.hasNonNull("detail"), response.body());
    }

    @Test
    void shouldAnswerBadUploadNamesWith4xxJson() throws Exception {
        assertJsonError(400, upload("ok", "bad\rname.md"));
        assertJsonError(400, upload("ok", "日".repeat(200) + ".md"));
        assertJsonError(409, upload("taken.md", "a.md"));
        assertTrue(Files.isRegularFile(kb.kbDir().resolve("taken.md")));
    }

    @Test
    void shouldRefuseWritesAndDeletesThroughAFolderSymlinkedOutside() throws Exception {
        Path outside = Files.createTempDirectory("kb-it-outside-");
        Path victim = Files.writeString(outside.resolve("victim.md"), "# Victim\n\nkeep me\n");
        Files.createSymbolicLink(kb.kbDir().resolve("linked"), outside);
        assertJsonError(400, upload("linked", "planted.md"));
        assertEquals(List.of(victim), listing(outside));
        // A card for a path through the link, as a watcher that followed it would have indexed it.
        String docId = Ids.docId(PipelineHarness.COLLECTION, "linked/victim.md");
        client.index(i -> i.index(kb.prefix() + "-docs")
                .id(docId)
                .refresh(co.elastic.clients.elasticsearch._types.Refresh.True)
                .document(card(docId, "linked/victim.md")));
        assertJsonError(
                400,
                kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/documents/" + docId))
                        .DELETE()));
        assertTrue(Files.exists(victim), "the outside file is still there");
    }

    private static List<Path> listing(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.toList();
        }
    }

    @Test
    void shouldAnswerUnknownRoutesMethodsAndOverlongRequestsWithJson() throws Exception {
        assertJsonError(404, kb.request("/no/such/route"));
        assertJsonError(
                405,
                kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/search?q=x")).PUT(HttpRequest.BodyPublishers.noBody())));
        assertJsonError(414, kb.request("/api/v1/search?q=" + "a".repeat(100_000)));
        for (String script : List.of("超", "\uD840\uDC0B")) { // 3 and 4 bytes in UTF-8: 18 and 24 KB encoded
            String question = URLEncoder.encode(script.repeat(2000), StandardCharsets.UTF_8);
            HttpResponse<String> longest = kb.request("/api/v1/search?q=" + question);
            assertEquals(200, longest.statusCode(), longest.body());
        }
        assertJsonError(400, kb.request("/api/v1/search?q=" + "a".repeat(3_000)));
        assertJsonError(400, kb.request("/api/v1/documents/" + "a".repeat(5_000)));
        assertJsonError(400, kb.request("/api/v1/documents/" + "a".repeat(5_000) + "/raw"));
        assertJsonError(404, kb.request("/api/v1/documents/" + "0".repeat(32) + "/raw"));
        assertJsonError(
                400,
                kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/documents/" + "a".repeat(5_000)))
                        .DELETE()));
        assertJsonError(
                400,
                kb.send(HttpRequest.newBuilder(kb.uri("/api/v1/documents"))
                        .header("Content-Type", "multipart/form-data; boundary=x")
                        .POST(HttpRequest.BodyPublishers.ofString("junk"))));
    }

    @Test
    void shouldListEveryDocumentWhenThereAreMoreThanTheResultWindow() throws Exception {
        int extra = 10_050;
        BulkRequest.Builder bulk = new BulkRequest.Builder()
                .index(kb.prefix() + "-docs")
                .refresh(co.elastic.clients.elasticsearch._types.Refresh.True);
        for (int i = 0; i < extra; i++) {
            String path = "bulk/%05d.md".formatted(i);
            CardDoc card = card(Ids.docId(PipelineHarness.COLLECTION, path), path);
            bulk.operations(o -> o.index(x -> x.id(card.card().docId()).document(card)));
        }
        assertTrue(!client.bulk(bulk.build()).errors());
        Set<String> paths = new HashSet<>();
        for (int page = 0; ; page++) {
            HttpResponse<String> response = kb.request("/api/v1/documents?size=1000&page=" + page);
            assertEquals(200, response.statusCode(), "page " + page + ": " + response.body());
            JsonNode documents = Json.MAPPER.readTree(response.body()).get("documents");
            if (documents.isEmpty()) {
                break;
            }
            documents.forEach(d -> paths.add(d.get("path").asText()));
        }
        assertTrue(paths.size() >= extra + 2, "listed " + paths.size());
        assertTrue(paths.contains("bulk/10049.md") && paths.contains("taken.md"));
    }

    private static CardDoc card(String docId, String path) {
        return CardDoc.of(
                new DocumentCard(
                        docId,
                        PipelineHarness.COLLECTION,
                        path,
                        path,
                        List.of(),
                        null,
                        path.substring(0, path.indexOf('/')),
                        "md",
                        "h",
                        1,
                        1,
                        1L,
                        NoteMeta.NONE),
                "x",
                1L);
    }
}
