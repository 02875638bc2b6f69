package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import kb.core.Ids;
import kb.core.Json;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;
import kb.testkit.Multipart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One pipeline over two folders, each its own collection, with the real broker and Elasticsearch: a same-named
 * file in both is two documents, and every read can be narrowed to one collection.
 */
class CollectionsEndToEndTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String HOME = "home";
    private static PipelineHarness kb;
    private static Path home;

    @BeforeAll
    static void startPipeline() throws Exception {
        home = Files.createTempDirectory("kb-it-home-");
        kb = new PipelineHarness();
        // The harness's own folder first: the default collection of uploads.
        kb.with("KB_COLLECTIONS", PipelineHarness.COLLECTION + "=" + kb.kbDir() + "," + HOME + "=" + home);
        kb.write("readme.md", "---\ntitle: Work readme\nkeywords: [zorbleflux]\n---\nThe work zorbleflux runbook.\n");
        Files.writeString(
                home.resolve("readme.md"),
                "---\ntitle: Home readme\nkeywords: [zorbleflux]\n---\nThe home zorbleflux garden.\n");
        kb.start();
        await().atMost(DEADLINE).until(() -> documents().size() == 2);
    }

    @AfterAll
    static void stopPipeline() {
        kb.close();
    }

    /** Collection → doc id of every listed document, for the given query string. */
    private static Map<String, String> documents(String query) throws Exception {
        Map<String, String> byCollection = new TreeMap<>();
        for (JsonNode d : kb.getJson("/api/v1/documents?size=100" + query).get("documents")) {
            byCollection.put(
                    d.get("collection").asText() + ":" + d.get("path").asText(),
                    d.get("docId").asText());
        }
        return byCollection;
    }

    private static Map<String, String> documents() throws Exception {
        return documents("");
    }

    private static List<String> collections(JsonNode search) {
        List<String> collections = new ArrayList<>();
        search.get("results").forEach(r -> collections.add(r.get("collection").asText()));
        return collections;
    }

    @Test
    void shouldMakeTwoDocumentsWhenTwoCollectionsHoldTheSameFileName() throws Exception {
        await().atMost(DEADLINE).until(() -> documents().size() == 2);
        Map<String, String> listed = documents();
        assertEquals(
                Map.of(
                        "home:readme.md",
                        Ids.docId(HOME, "readme.md"),
                        "notes:readme.md",
                        Ids.docId(PipelineHarness.COLLECTION, "readme.md")),
                listed);
        assertNotEquals(listed.get("home:readme.md"), listed.get("notes:readme.md"));
        assertEquals(Map.of("home:readme.md", Ids.docId(HOME, "readme.md")), documents("&collection=home"));
        Map<String, Long> counts = new TreeMap<>();
        kb.getJson("/api/v1/status")
                .get("collections")
                .forEach(c ->
                        counts.put(c.get("name").asText(), c.get("documents").asLong()));
        assertEquals(Map.of("home", 1L, "notes", 1L), counts);
    }

    @Test
    void shouldNarrowSearchLookupAndContextToOneCollectionWhenAsked() throws Exception {
        await().atMost(DEADLINE)
                .until(() -> kb.search("zorbleflux").get("results").size() == 2);
        assertEquals(List.of(HOME), collections(kb.search("zorbleflux", "&collection=home")));
        assertEquals(List.of("notes"), collections(kb.search("zorbleflux", "&collection=notes")));
        JsonNode lookup = kb.getJson("/api/v1/lookup?query=zorbleflux&collection=home");
        assertEquals("readme.md", lookup.get("primary").get("source").asText());
        assertEquals(HOME, lookup.get("primary").get("collection").asText());
        assertTrue(lookup.get("primary").get("content").asText().contains("garden"));
        JsonNode context = kb.getJson("/api/v1/context?q=zorbleflux&collection=notes");
        assertEquals(1, context.get("documents").size());
        assertEquals("notes", context.get("documents").get(0).get("collection").asText());
        for (String route :
                List.of("/api/v1/search?q=zorbleflux&", "/api/v1/lookup?query=zorbleflux&", "/api/v1/documents?")) {
            HttpResponse<String> unknown = kb.request(route + "collection=elsewhere");
            assertEquals(400, unknown.statusCode(), unknown.body());
            assertTrue(
                    unknown.body().contains("no collection 'elsewhere'; the collections are home, notes"),
                    "an unknown collection is not an empty answer: " + unknown.body());
        }
        HttpResponse<String> bad = kb.request("/api/v1/search?q=zorbleflux&collection=Not%20A%20Name");
        assertEquals(400, bad.statusCode(), bad.body());
    }

    @Test
    void shouldUploadToTheNamedCollectionAndDeleteFromItsFolder() throws Exception {
        String note = "# Compost\n\nTurn the heap weekly.\n";
        HttpResponse<String> accepted = kb.send(Multipart.upload(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents")),
                HOME,
                "garden",
                "compost.md",
                note.getBytes(StandardCharsets.UTF_8)));
        assertEquals(202, accepted.statusCode(), accepted.body());
        JsonNode saved = Json.MAPPER.readTree(accepted.body());
        assertEquals(HOME, saved.get("collection").asText());
        assertEquals(note, Files.readString(home.resolve("garden/compost.md")));
        assertFalse(Files.exists(kb.kbDir().resolve("garden/compost.md")));
        String docId = saved.get("docId").asText();
        await().atMost(DEADLINE)
                .until(() -> kb.request("/api/v1/documents/" + docId).statusCode() == 200);
        HttpResponse<String> deleted = kb.send(
                HttpRequest.newBuilder(kb.uri("/api/v1/documents/" + docId)).DELETE());
        assertEquals(202, deleted.statusCode(), deleted.body());
        assertFalse(Files.exists(home.resolve("garden/compost.md")));
        await().atMost(DEADLINE)
                .until(() -> kb.request("/api/v1/documents/" + docId).statusCode() == 404
                        && documents().size() == 2);
        assertEquals(
                Map.of(
                        "home:readme.md",
                        Ids.docId(HOME, "readme.md"),
                        "notes:readme.md",
                        Ids.docId(PipelineHarness.COLLECTION, "readme.md")),
                documents(),
                "the readmes stay");
    }

    /** kb verify keys files by collection and path: the two readme.md are two expected documents, no duplicate. */
    @Test
    void shouldVerifyWithoutDriftWhenTwoCollectionsHoldTheSameFileName() throws Exception {
        VerifyCommand.Options options = VerifyCommandTest.options(
                kb,
                "http://localhost:" + kb.port(),
                List.of(new Folder(PipelineHarness.COLLECTION, kb.kbDir()), new Folder(HOME, home)));
        await().atMost(DEADLINE)
                .until(() -> VerifyCommand.verifier(options).check().healthy());
        VerifyReport report = VerifyCommand.verifier(options).check();
        assertTrue(report.expectedDocuments() >= 2, "both readme.md are expected");
        assertEquals(0, report.duplicate(), report.layers().toString());
    }
}
