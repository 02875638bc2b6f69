package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import kb.core.Json;
import kb.search.es.EsClients;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * A reindex survives a crash: stopped while it builds the next version, the restarted sink resumes it under the
 * same id (never a 404), finishes it, and leaves exactly one version's indexes; while it runs, its progress counts
 * documents of the version being built, never more than the topic holds.
 */
class ReindexCrashTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    @Test
    void shouldResumeAReindexInterruptedByAStopAndLeaveNoPartialVersion() throws Exception {
        ElasticsearchClient es = EsClients.create(SharedInfrastructure.get().elasticsearchUrl());
        try (PipelineHarness kb = new PipelineHarness()) {
            List<String> paths = new java.util.ArrayList<>();
            for (int i = 0; i < 40; i++) {
                String path = "notes/n" + i + ".md";
                kb.write(path, "# Note " + i + "\n\nThe reindexable note number " + i + ".\n");
                paths.add(path);
            }
            java.util.Collections.sort(paths); // the listing's order
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(paths));
            HttpResponse<String> started = kb.send(
                    HttpRequest.newBuilder(kb.uri("/api/v1/reindex")).POST(HttpRequest.BodyPublishers.noBody()));
            assertEquals(202, started.statusCode(), started.body());
            String id = Json.MAPPER.readTree(started.body()).get("id").asText();
            String next = kb.prefix() + "-chunks-v2";
            await().atMost(DEADLINE)
                    .until(() -> es.indices().exists(e -> e.index(next)).value());

            kb.stop(); // mid-reindex (or just after: either way the id must be known after the restart)
            kb.start();
            await().atMost(DEADLINE).until(() -> {
                HttpResponse<String> status = kb.request("/api/v1/reindex/" + id);
                assertEquals(200, status.statusCode(), "the reindex is known after the restart: " + status.body());
                var body = Json.MAPPER.readTree(status.body());
                assertTrue(
                        body.get("documentsDone").asLong()
                                <= body.get("documentsTotal").asLong() + 1,
                        "progress counts the new version's documents: " + body);
                return body.get("state").asText().equals("DONE");
            });
            Set<String> chunkIndexes = es.indices()
                    .get(g -> g.index(kb.prefix() + "-chunks-v*"))
                    .result()
                    .keySet();
            assertEquals(Set.of(kb.prefix() + "-chunks-v2"), chunkIndexes);
            // The listing reads the new version once Elasticsearch has refreshed it.
            await().atMost(DEADLINE).until(() -> kb.documentPaths().size() == 40);
        } finally {
            es._transport().close();
        }
    }
}
