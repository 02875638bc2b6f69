package kb.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.indices.IndexSettings;
import java.util.List;
import java.util.UUID;
import kb.search.embed.Embeddings;
import kb.search.es.EsClients;
import kb.search.es.IndexNames;
import kb.search.es.IndexShards;
import kb.search.es.VectorIndex;
import kb.sink.versions.IndexLayout;
import kb.sink.versions.IndexVersion;
import kb.testkit.SharedInfrastructure;
import kb.testkit.StubEmbedder;
import org.junit.jupiter.api.Test;

/** KB_ES_SHARDS and KB_ES_REPLICAS reach the indexes the sink creates on the real Elasticsearch. */
class IndexShardsIntegrationTest {

    @Test
    void shouldCreateEveryIndexOfAVersionWithTheConfiguredShardsAndReplicas() throws Exception {
        ElasticsearchClient client = EsClients.create(SharedInfrastructure.get().elasticsearchUrl());
        IndexNames names =
                new IndexNames("shards-" + UUID.randomUUID().toString().substring(0, 8));
        IndexLayout layout = new IndexLayout(
                client, names, Embeddings.single(new StubEmbedder("m", 8)), new IndexShards(2, 1), VectorIndex.DEFAULT);
        IndexVersion version = layout.create(1);
        try {
            for (String index : List.of(version.chunksIndex(), version.docsIndex(), version.stateIndex())) {
                IndexSettings settings = client.indices()
                        .getSettings(g -> g.index(index))
                        .result()
                        .get(index)
                        .settings()
                        .index();
                assertEquals("2", settings.numberOfShards(), index);
                assertEquals("1", settings.numberOfReplicas(), index);
            }
            // The vector index is part of the format: another choice builds a new version.
            assertTrue(layout.isCurrentFormat(version));
            assertFalse(new IndexLayout(
                            client,
                            names,
                            Embeddings.single(new StubEmbedder("m", 8)),
                            new IndexShards(2, 1),
                            VectorIndex.HNSW)
                    .isCurrentFormat(version));
        } finally {
            // A replica a single node cannot place leaves the cluster yellow: do not leave it to the other tests.
            client.indices().delete(d -> d.index(version.chunksIndex(), version.docsIndex(), version.stateIndex())
                    .ignoreUnavailable(true));
            client._transport().close();
        }
    }
}
