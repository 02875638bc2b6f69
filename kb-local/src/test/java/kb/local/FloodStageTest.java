package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.time.Duration;
import java.util.List;
import kb.search.es.EsClients;
import kb.testkit.SharedInfrastructure;
import org.junit.jupiter.api.Test;

/**
 * Elasticsearch at its flood-stage watermark puts a read-only-allow-delete block on the indexes and answers writes
 * with 429: the sink retries them (never a dead letter), and the edit lands once the block is lifted.
 */
class FloodStageTest {

    private static final Duration DEADLINE = Duration.ofSeconds(90);

    @Test
    void shouldRetryWritesWhileTheIndexesAreBlockedAndNeverDeadLetterThem() throws Exception {
        ElasticsearchClient es = EsClients.create(SharedInfrastructure.get().elasticsearchUrl());
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("ops/runbook.md", "# Runbook\n\nThe first version mentions glaucomorph.\n");
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(List.of("ops/runbook.md")));
            String indexes = kb.prefix() + "-chunks," + kb.prefix() + "-docs," + kb.prefix() + "-docstate-v1";
            block(es, indexes, true);
            double retriesBefore = retries(kb);

            kb.write("ops/runbook.md", "# Runbook\n\nThe second version mentions thermoquill.\n");
            await().atMost(DEADLINE).until(() -> retries(kb) > retriesBefore);
            block(es, indexes, false);
            await().atMost(DEADLINE)
                    .until(() -> PipelineHarness.anyChunkContains(kb.search("thermoquill"), "thermoquill"));
            assertEquals(0, kb.getJson("/api/v1/status").get("deadLetters").asLong());
        } finally {
            es._transport().close();
        }
    }

    /** What the flood-stage watermark does to every index on the full disk. */
    private static void block(ElasticsearchClient es, String indexes, boolean on) throws Exception {
        es.indices().putSettings(s -> s.index(indexes).settings(i -> i.blocks(b -> b.readOnlyAllowDelete(on))));
    }

    private static double retries(PipelineHarness kb) {
        return kb.registry().counter("kb_sink_retries_total").count();
    }
}
