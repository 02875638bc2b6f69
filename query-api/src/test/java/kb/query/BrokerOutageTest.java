package kb.query;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import kb.core.Json;
import kb.infra.EmbeddedKafka;
import kb.search.es.EsClients;
import kb.search.es.IndexNames;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API with its broker gone (stopped, or being restarted after its disk filled): the status still answers, with
 * the index's figures and {@code broker: not answering ...} in place of the lags, and questions are still answered.
 * Before, {@code /api/v1/status} failed with a 500 for as long as the broker was away.
 */
class BrokerOutageTest {

    @TempDir
    Path work;

    @Test
    void shouldAnswerTheStatusAndQuestionsWhenTheBrokerIsGone() throws Exception {
        String url = SharedInfrastructure.get().elasticsearchUrl();
        IndexNames names =
                new IndexNames("sbroker" + UUID.randomUUID().toString().substring(0, 8));
        createEmptyIndexes(url, names);
        EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"));
        try (StandaloneApi api = StandaloneApi.start(
                url, Map.of("KB_KAFKA_BOOTSTRAP", kafka.bootstrapServers(), "KB_INDEX_PREFIX", names.prefix()))) {
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> "up".equals(status(api).path("broker").asText()));
            kafka.close();

            HttpResponse<String> response = api.get("/api/v1/status");
            assertEquals(200, response.statusCode(), response.body());
            JsonNode status = Json.MAPPER.readTree(response.body());
            assertTrue(status.get("broker").asText().startsWith("not answering"), response.body());
            assertTrue(status.has("documents") && status.has("index"), response.body());

            HttpResponse<String> search = api.get("/api/v1/search?q=" + StandaloneApi.L0_KEYWORD);
            assertEquals(200, search.statusCode(), search.body());
            assertEquals(
                    StandaloneApi.L0_PATH,
                    Json.MAPPER
                            .readTree(search.body())
                            .get("results")
                            .get(0)
                            .get("path")
                            .asText());
        }
    }

    /** What the sink would have made: the first version of both indexes behind their aliases. */
    private static void createEmptyIndexes(String url, IndexNames names) throws Exception {
        ElasticsearchClient client = EsClients.create(url);
        try {
            client.indices().create(c -> c.index(names.chunksIndex(1)).aliases(names.chunksAlias(), a -> a));
            client.indices().create(c -> c.index(names.docsIndex(1)).aliases(names.docsAlias(), a -> a));
        } finally {
            client._transport().close();
        }
    }

    private static JsonNode status(StandaloneApi api) throws Exception {
        return Json.MAPPER.readTree(api.get("/api/v1/status").body());
    }
}
