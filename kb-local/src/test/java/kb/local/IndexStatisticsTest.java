package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import kb.core.Json;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two indexes of one folder score a question alike: once every chunk has its vector, the deleted first versions
 * of the chunks (text first, vector after) are merged away before the index is called settled, and equal BM25
 * scores come in chunk-id order rather than in the order the index happened to be written.
 */
class IndexStatisticsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final String SHARED = "The orbital sprocket realigns the flux capacitor every night.";
    private static PipelineHarness kb;

    @BeforeAll
    static void start() throws Exception {
        kb = new PipelineHarness().with("KB_GATE_CALIBRATION_PERIOD", "PT1S");
        kb.write("a/one.md", "# Sprockets\n\n" + SHARED + "\n");
        kb.write("b/two.md", "# Sprockets\n\n" + SHARED + "\n");
        kb.write("c/three.md", "# Gardens\n\nTomatoes want sun and a deep pot.\n");
        kb.start();
        await().atMost(DEADLINE).until(() -> kb.indexed(List.of("a/one.md", "b/two.md", "c/three.md")));
        await().atMost(DEADLINE).until(IndexStatisticsTest::settled);
    }

    @AfterAll
    static void stop() {
        kb.close();
    }

    private static boolean settled() throws Exception {
        JsonNode status = kb.get("/api/v1/status");
        return status.path("chunksAwaitingVectors").asLong(-1) == 0
                && status.path("fusion").path("settled").asBoolean();
    }

    @Test
    void shouldKeepNoDeletedChunkVersionOnceSettled() throws Exception {
        assertEquals(0, deletedChunkVersions());
        kb.write("c/three.md", "# Gardens\n\nTomatoes want sun, a deep pot and a stake.\n");
        await().atMost(DEADLINE)
                .until(() -> kb.search("stake", "&arms=bm25&gate=false")
                                .path("results")
                                .size()
                        == 1);
        await().atMost(DEADLINE).until(() -> settled() && deletedChunkVersions() == 0);
    }

    @Test
    void shouldOrderEqualBm25ScoresByChunkId() throws Exception {
        JsonNode bm25 = kb.search("orbital sprocket flux", "&arms=bm25&gate=false&explain=true")
                .path("explain")
                .path("bm25");
        assertEquals(2, bm25.size(), bm25.toString());
        assertEquals(
                bm25.get(0).path("score").asDouble(), bm25.get(1).path("score").asDouble(), bm25.toString());
        List<String> ids = new ArrayList<>();
        bm25.forEach(hit -> ids.add(hit.path("chunkId").asText()));
        assertTrue(ids.get(0).compareTo(ids.get(1)) < 0, ids.toString());
    }

    /** Deleted documents in the test's chunks index, as Elasticsearch counts them. */
    private static long deletedChunkVersions() throws Exception {
        String url = SharedInfrastructure.get().elasticsearchUrl() + "/" + kb.prefix()
                + "-chunks*/_stats/docs?filter_path=_all.primaries.docs";
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
        return Json.MAPPER
                .readTree(response.body())
                .at("/_all/primaries/docs/deleted")
                .asLong(-1);
    }
}
