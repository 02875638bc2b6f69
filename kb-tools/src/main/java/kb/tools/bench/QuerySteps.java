package kb.tools.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.util.List;
import java.util.Locale;
import kb.search.embed.Embedder;

/**
 * One query-latency step of {@code kb bench}: the index grown to a size with nudged copies, its vector index
 * settled as the product leaves it at that size (flat, or given its graph), hybrid search timed with one client and
 * eight, and the served kNN's recall@10 against the exact neighbours, each figure against issue 41's goal.
 */
final class QuerySteps {

    /** Questions whose recall is measured: each costs an exact search over every chunk. */
    private static final int RECALL_QUESTIONS = 100;

    private QuerySteps() {}

    /** What every step uses. */
    record Step(
            BenchReport report,
            PipelineBench bench,
            IndexReplicator replicas,
            ElasticsearchClient client,
            String chunksAlias,
            Embedder embedder) {}

    static void measure(
            Step step,
            int size,
            List<String> questions,
            Baselines.QueryBaseline elasticsearchOnly,
            PipelineBench.IngestFigures ingest)
            throws Exception {
        long start = System.nanoTime();
        long indexed = step.replicas().growTo(size);
        double grown = (System.nanoTime() - start) / 1e9;
        IndexReplicator.Settled settled = step.replicas().settleVectorIndex();
        String label = String.format(Locale.ROOT, "%,d chunks, %s", indexed, settled.indexType());
        PipelineBench.QueryFigures times = step.bench()
                .queryLatency(label, questions, elasticsearchOnly, Baselines.embeddingOnly(step.embedder()));
        double recall = VectorRecall.measure(
                step.client(),
                step.chunksAlias(),
                step.embedder(),
                questions.subList(0, Math.min(RECALL_QUESTIONS, questions.size())),
                step.replicas().vectors());
        step.report()
                .add(String.format(
                        Locale.ROOT,
                        "(index: %,d chunks: the %,d chunks of the %,d ingested documents and copies of them with"
                                + " nudged vectors, see IndexReplicator; %.2f GB on disk; grown in %.0f s; vectors"
                                + " %s, settled in %.0f s; served kNN recall@10 against the exact neighbours %.3f)",
                        indexed,
                        ingest.chunks(),
                        ingest.documents(),
                        step.replicas().sizeOnDisk() / 1e9,
                        grown,
                        settled.indexType(),
                        settled.seconds(),
                        recall));
        String at = String.format(Locale.ROOT, "%,d chunks", size);
        step.report()
                .figure(Figure.atMost(
                        "hybrid search p99, " + at + ", 1 client",
                        times.oneClient().p99(),
                        "ms",
                        size >= 1_000_000 ? 150 : size >= 100_000 ? 50 : Double.NaN));
        step.report()
                .figure(Figure.atMost(
                        "hybrid search p99, " + at + ", 8 clients",
                        times.eightClients().p99(),
                        "ms",
                        size == 100_000 ? 150 : Double.NaN));
        step.report().figure(Figure.atLeast("served kNN recall@10 against exact, " + at, recall, "", 0.98));
    }
}
