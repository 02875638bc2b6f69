package kb.sink.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import kb.core.Json;
import kb.search.embed.Embeddings;
import kb.search.es.IndexNames;
import kb.search.es.IndexShards;
import kb.search.es.VectorIndex;
import kb.testkit.StubEmbedder;
import org.junit.jupiter.api.Test;

class IndexLayoutTest {

    @Test
    void shouldCreateEveryIndexWithTheConfiguredShardsAndReplicas() throws Exception {
        // No index is created here, so no client is needed.
        IndexLayout layout = new IndexLayout(
                null,
                new IndexNames("t"),
                Embeddings.single(new StubEmbedder("m", 8)),
                new IndexShards(3, 2),
                VectorIndex.DEFAULT);
        for (String resource : List.of("chunks-index.json", "docs-index.json", "docstate-index.json")) {
            JsonNode settings = Json.MAPPER
                    .readTree(layout.definition(resource, resource.startsWith("chunks")))
                    .get("settings");
            assertEquals(3, settings.get("number_of_shards").asInt(), resource);
            assertEquals(2, settings.get("number_of_replicas").asInt(), resource);
        }
    }

    @Test
    void shouldKeepTheOtherSettingsOfTheResource() throws Exception {
        IndexLayout layout = new IndexLayout(
                null,
                new IndexNames("t"),
                Embeddings.single(new StubEmbedder("m", 8)),
                IndexShards.DEFAULT,
                VectorIndex.DEFAULT);
        JsonNode settings = Json.MAPPER
                .readTree(layout.definition("chunks-index.json", true))
                .get("settings");
        assertEquals(1, settings.get("number_of_shards").asInt());
        assertEquals(0, settings.get("number_of_replicas").asInt());
        assertEquals("1s", settings.get("refresh_interval").asText());
        assertEquals(
                "custom",
                settings.get("analysis")
                        .get("analyzer")
                        .get("kb_text")
                        .get("type")
                        .asText());
    }

    @Test
    void shouldIndexBothVectorFieldsAsConfiguredAndRecordTheChoice() throws Exception {
        for (VectorIndex vectorIndex : VectorIndex.values()) {
            IndexLayout layout = new IndexLayout(
                    null,
                    new IndexNames("t"),
                    Embeddings.byLanguage(new StubEmbedder("en", 8), new StubEmbedder("zh", 12)),
                    IndexShards.DEFAULT,
                    vectorIndex);
            JsonNode mappings = Json.MAPPER
                    .readTree(layout.definition("chunks-index.json", true))
                    .get("mappings");
            for (String field : List.of("embedding", "embedding_zh")) {
                assertEquals(
                        vectorIndex.elasticsearchType(),
                        mappings.get("properties")
                                .get(field)
                                .get("index_options")
                                .get("type")
                                .asText(),
                        field);
            }
            assertEquals(
                    12,
                    mappings.get("properties").get("embedding_zh").get("dims").asInt());
            assertEquals(
                    vectorIndex.id(), mappings.get("_meta").get("vector_index").asText());
        }
    }

    @Test
    void shouldReadTheVectorIndexSettingAndRefuseAnUnknownOne() {
        assertEquals(VectorIndex.FLAT, VectorIndex.byId("flat"));
        assertEquals(VectorIndex.HNSW, VectorIndex.byId(" HNSW "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> VectorIndex.byId("ivf"));
        assertTrue(e.getMessage().contains("KB_VECTOR_INDEX"), e.getMessage());
    }
}
