package kb.sink.upkeep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.mapping.DenseVectorIndexOptionsType;
import co.elastic.clients.elasticsearch._types.mapping.TypeMapping;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import kb.search.es.ChunkFields;
import kb.search.es.EsClients;
import kb.search.es.VectorIndexBySize;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The switch from a flat vector index to a graph, in place, on the real Elasticsearch. */
class VectorIndexBySizeTest {

    private ElasticsearchClient client;
    private String index;
    private String alias;

    @BeforeEach
    void createFlatIndex() throws Exception {
        client = EsClients.create(SharedInfrastructure.get().elasticsearchUrl());
        String name = "bysize-" + UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT);
        index = name + "-v1";
        alias = name + "-chunks";
        String mapping =
                """
                {"mappings": {"_meta": {"mapping_version": 9, "vector_index": "flat"},
                  "properties": {"%s": {"type": "keyword"},
                    "%s": {"type": "dense_vector", "dims": 4, "index": true, "similarity": "cosine",
                           "index_options": {"type": "int8_flat"}}}}}
                """
                        .formatted(ChunkFields.CHUNK_ID, ChunkFields.EMBEDDING);
        client.indices().create(c -> c.index(index).withJson(new StringReader(mapping)));
        client.indices().putAlias(a -> a.index(index).name(alias));
    }

    @AfterEach
    void deleteIndex() throws Exception {
        client.indices().delete(d -> d.index(index));
        client._transport().close();
    }

    private void addChunks(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            String id = "c" + i;
            Map<String, Object> doc =
                    Map.of(ChunkFields.CHUNK_ID, id, ChunkFields.EMBEDDING, List.of(1.0f, 0.1f * i, 0.5f, 0.2f));
            client.index(x -> x.index(alias).id(id).document(doc).refresh(Refresh.True));
        }
    }

    private TypeMapping mapping() throws Exception {
        return client.indices()
                .getMapping(m -> m.index(index))
                .result()
                .get(index)
                .mappings();
    }

    @Test
    void shouldGiveTheVectorsTheirGraphInPlaceWhenTheIndexHasGrownToTheThreshold() throws Exception {
        addChunks(3);

        assertTrue(new VectorIndexBySize(client, alias, 3).applyIfGrown(true));

        TypeMapping after = mapping();
        assertEquals(
                DenseVectorIndexOptionsType.Int8Hnsw,
                after.properties()
                        .get(ChunkFields.EMBEDDING)
                        .denseVector()
                        .indexOptions()
                        .type());
        assertEquals("hnsw", after.meta().get(VectorIndexBySize.GROWN).to(String.class));
        // The recorded choice stays as the sink created it, so the sink never rebuilds the index for the switch.
        assertEquals("flat", after.meta().get("vector_index").to(String.class));
        assertEquals(9, after.meta().get("mapping_version").to(Integer.class));
        assertEquals(3, client.count(c -> c.index(alias)).count());
        assertFalse(new VectorIndexBySize(client, alias, 3).applyIfGrown(true), "already a graph");
    }

    @Test
    void shouldStayFlatWhenTheIndexIsBelowTheThreshold() throws Exception {
        addChunks(2);

        assertFalse(new VectorIndexBySize(client, alias, 3).applyIfGrown(true));

        assertEquals(
                DenseVectorIndexOptionsType.Int8Flat,
                mapping()
                        .properties()
                        .get(ChunkFields.EMBEDDING)
                        .denseVector()
                        .indexOptions()
                        .type());
    }
}
