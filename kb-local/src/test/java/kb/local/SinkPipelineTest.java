package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import kb.infra.ElasticsearchLaunch;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.FreePorts;
import kb.infra.Infrastructure;
import kb.search.es.EsClients;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.junit.jupiter.api.Test;

/** The sink inside the whole pipeline: embeddings saved, a model change migrated, an outage survived. */
class SinkPipelineTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);

    private static String fiftySections(int changed) {
        StringBuilder md = new StringBuilder("# Big Runbook\n\n");
        for (int i = 0; i < 50; i++) {
            md.append("## Section ")
                    .append(i)
                    .append("\n\nStep ")
                    .append(i)
                    .append(" of the runbook")
                    .append(i == changed ? ", now with an extra check." : ".")
                    .append("\n\n");
        }
        return md.toString();
    }

    @Test
    void shouldEmbedOnlyTheChangedSectionAndNothingForARename() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("ops/big.md", fiftySections(-1));
            kb.start();
            await().atMost(DEADLINE).until(() -> kb.indexed(List.of("ops/big.md")));
            double before = kb.embeddingsComputed();

            kb.write("ops/big.md", fiftySections(17));
            // Vectors follow the text: searchable by its words first, counted once its vector is in.
            await().atMost(DEADLINE)
                    .until(() -> PipelineHarness.anyChunkContains(kb.search("extra check"), "extra check")
                            && kb.indexed(List.of("ops/big.md")));
            assertEquals(1.0, kb.embeddingsComputed() - before, "one section changed: one embedding");

            double beforeRename = kb.embeddingsComputed();
            Files.move(kb.kbDir().resolve("ops/big.md"), kb.kbDir().resolve("ops/renamed.md"));
            await().atMost(DEADLINE).until(() -> kb.indexed(List.of("ops/renamed.md")));
            assertEquals(0.0, kb.embeddingsComputed() - beforeRename, "a rename embeds nothing");
        }
    }

    @Test
    void shouldMigrateToANewVersionWhenTheModelChangesAndAnswerThroughout() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            for (int i = 0; i < 30; i++) {
                kb.write("notes/n" + i + ".md", "# Note " + i + "\n\nThe migrationprobe number " + i + ".\n");
            }
            kb.start();
            List<String> paths = IntStream.range(0, 30)
                    .mapToObj(i -> "notes/n" + i + ".md")
                    .sorted()
                    .toList();
            await().atMost(DEADLINE).until(() -> kb.indexed(paths));
            kb.stop();

            kb.with("KB_EMBEDDING_MODEL", "all-minilm-l6-v2-q").start();
            List<Integer> statuses = new ArrayList<>();
            await().atMost(DEADLINE).until(() -> {
                var response = kb.request("/api/v1/search?q=migrationprobe");
                statuses.add(response.statusCode());
                return aliasedModel(kb).equals("all-minilm-l6-v2-q");
            });
            assertTrue(statuses.stream().allMatch(s -> s == 200), statuses.toString());
            assertTrue(kb.search("migrationprobe").get("found").asBoolean());
            await().atMost(DEADLINE).until(() -> kb.indexed(paths));
        }
    }

    private static String aliasedModel(PipelineHarness kb) throws Exception {
        var client = EsClients.create(SharedInfrastructure.get().elasticsearchUrl());
        try {
            var mapping = client.indices()
                    .getMapping(m -> m.index(kb.prefix() + "-chunks"))
                    .result();
            var meta = mapping.values().iterator().next().mappings().meta();
            return mapping.keySet().iterator().next().endsWith("-v2")
                    ? meta.get("model").to(String.class)
                    : "";
        } finally {
            client._transport().close();
        }
    }

    @Test
    void shouldLoseNothingWhenElasticsearchIsDownDuringAnIngestAndTheSinkRestarts() throws Exception {
        Path root = Files.createTempDirectory("kb-it-outage-");
        int port = FreePorts.pick();
        EmbeddedElasticsearch es =
                EmbeddedElasticsearch.start(ElasticsearchLaunch.of(Infrastructure.distributionZip(), root, "512m")
                        .onPort(port));
        try (PipelineHarness kb = new PipelineHarness().onElasticsearch(es.url())) {
            kb.start();
            for (int i = 0; i < 250; i++) {
                kb.write("bulk/f" + i + ".md", "# File " + i + "\n\nOutage survivor number " + i + ".\n");
            }
            await().atMost(DEADLINE)
                    .until(() -> kb.getJson("/api/v1/status").get("documents").asLong() > 0);
            es.close();
            Instant down = Instant.now();
            // Half the ingest comes during the outage: a sink that wrote the first half already still has work.
            for (int i = 250; i < 500; i++) {
                kb.write("bulk/f" + i + ".md", "# File " + i + "\n\nOutage survivor number " + i + ".\n");
            }
            // The outage lasts 30 s while the sink keeps retrying (its backoff is the thing under test).
            await().atMost(Duration.ofSeconds(90))
                    .until(() -> Duration.between(down, Instant.now()).getSeconds() >= 30
                            && kb.registry().counter("kb_sink_retries_total").count() >= 5);
            kb.stop(); // the sink stops mid-retry: nothing of the failing batch was committed
            es = EmbeddedElasticsearch.start(ElasticsearchLaunch.of(Infrastructure.distributionZip(), root, "512m")
                    .onPort(port));
            kb.start();
            List<String> paths = IntStream.range(0, 500)
                    .mapToObj(i -> "bulk/f" + i + ".md")
                    .sorted()
                    .toList();
            await().atMost(DEADLINE).until(() -> kb.indexed(paths));
            assertEquals(500, kb.getJson("/api/v1/status").get("chunks").asLong(), "each document exactly once");
            try (TopicReader dlq =
                    new TopicReader(SharedInfrastructure.get().bootstrapServers(), kb.prefix() + ".dlq")) {
                assertEquals(0, dlq.recordsToEnd().size());
            }
        } finally {
            es.close();
        }
    }
}
