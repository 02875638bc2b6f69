package kb.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import kb.core.Json;
import kb.core.embed.Embedder;
import kb.core.embed.Embeddings;
import kb.core.es.IndexNames;
import kb.core.es.IndexShards;
import org.junit.jupiter.api.Test;

class IndexLayoutTest {

    /** Stands in for a model: only its id and size reach the index definition. */
    private record NamedModel(String modelId, int dimensions) implements Embedder {

        @Override
        public List<float[]> embedPassages(List<String> passages) {
            return passages.stream().map(p -> new float[dimensions]).toList();
        }

        @Override
        public float[] embedQuery(String query) {
            return new float[dimensions];
        }
    }

    @Test
    void shouldCreateEveryIndexWithTheConfiguredShardsAndReplicas() throws Exception {
        // No index is created here, so no client is needed.
        IndexLayout layout = new IndexLayout(null, new IndexNames("t"), Embeddings.single(new NamedModel("m", 8)),
                new IndexShards(3, 2));
        for (String resource : List.of("chunks-index.json", "docs-index.json", "docstate-index.json")) {
            JsonNode settings = Json.MAPPER.readTree(layout.definition(resource, resource.startsWith("chunks")))
                    .get("settings");
            assertEquals(3, settings.get("number_of_shards").asInt(), resource);
            assertEquals(2, settings.get("number_of_replicas").asInt(), resource);
        }
    }

    @Test
    void shouldKeepTheOtherSettingsOfTheResource() throws Exception {
        IndexLayout layout = new IndexLayout(null, new IndexNames("t"), Embeddings.single(new NamedModel("m", 8)),
                IndexShards.DEFAULT);
        JsonNode settings = Json.MAPPER.readTree(layout.definition("chunks-index.json", true)).get("settings");
        assertEquals(1, settings.get("number_of_shards").asInt());
        assertEquals(0, settings.get("number_of_replicas").asInt());
        assertEquals("1s", settings.get("refresh_interval").asText());
        assertEquals("custom", settings.get("analysis").get("analyzer").get("kb_text").get("type").asText());
    }
}
