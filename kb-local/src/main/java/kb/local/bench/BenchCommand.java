package kb.local.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kb.core.DocumentCard;
import kb.core.KbTopics;
import kb.core.TopicCreator;
import kb.core.embed.EmbeddingModelSpec;
import kb.core.embed.OnnxEmbedder;
import kb.core.es.EsClients;
import kb.local.PipelineRun;
import kb.local.eval.BeirDataset;
import kb.query.l0.KeywordFeed;
import kb.query.l0.KeywordIndex;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * {@code kb bench}: L0, ingest throughput, query latency, freshness, edits and L0 startup, each printed
 * with its baseline from the same run, and written to {@code docs/benchmarks.md}.
 */
public final class BenchCommand {

    private BenchCommand() {
    }

    /** The sizes of one run. */
    public record Sizes(int documents, int queries, int edits, int l0Lookups) {
    }

    public static void run(Path datasetDir, Sizes sizes, Path out, String kafka, String es, Map<String, String> settings)
            throws Exception {
        int documents = sizes.documents();
        int queries = sizes.queries();
        int edits = sizes.edits();
        BenchReport report = new BenchReport();
        L0Bench.run(report, sizes.l0Lookups());
        BeirDataset dataset = BeirDataset.load(datasetDir);
        List<BeirDataset.Document> corpus = dataset.corpus().subList(0, Math.min(documents, dataset.corpus().size()));
        List<String> questions = new ArrayList<>(dataset.queries().values()).subList(0, Math.min(queries, dataset.queries().size()));
        Path work = Files.createTempDirectory("kb-bench-");
        Path kbDir = work.resolve("kb");
        for (String dir : List.of("corpus", "fresh", "background", "edits")) {
            Files.createDirectories(kbDir.resolve(dir));
        }
        try (PipelineRun run = PipelineRun.start(kbDir, work.resolve("data"), kafka, es, settings)) {
            PipelineBench bench = new PipelineBench(run, kbDir, report);
            ElasticsearchClient client = EsClients.create(run.infrastructure().elasticsearchUrl());
            OnnxEmbedder embedder = new OnnxEmbedder(EmbeddingModelSpec.BGE_SMALL_EN_V15_Q);
            try {
                PipelineBench.IngestFigures ingest = bench.ingest(corpus);
                double bound = Baselines.embedAndBulk(client, embedder, corpus);
                report.section("Ingest throughput (" + dataset.name() + ", " + corpus.size() + " documents)");
                report.add("| measurement | documents/s | chunks/s |");
                report.add("|---|---|---|");
                report.add(String.format("| whole pipeline: files → Kafka → chunker → sink → Elasticsearch | %.1f | %.1f |",
                        ingest.documents() / ingest.seconds(), ingest.chunksPerSecond()));
                report.add(String.format("| bound: embed the same chunks + bulk them directly (no Kafka) | | %.1f |", bound));
                report.add(String.format("| ratio (goal ≥ 0.8) | | %.2f |", ingest.chunksPerSecond() / bound));
                bench.queryLatency(questions, Baselines.elasticsearchOnly(client,
                        settings.getOrDefault("KB_INDEX_PREFIX", "kb") + "-chunks", embedder));
                report.add(String.format("(index: %d documents, %d chunks)", ingest.documents(), ingest.chunks()));
                bench.freshness(edits);
                bench.edits();
                startup(report, run.infrastructure().bootstrapServers());
            } finally {
                client._transport().close();
            }
        }
        report.write(out, "./kb bench --dataset " + datasetDir + " --docs " + documents + " --queries " + queries
                + " --edits " + edits);
        System.out.println("\nkb bench: wrote " + out);
    }

    /** How long a new API instance takes to load 10,000 documents' keywords from the topic. */
    private static void startup(BenchReport report, String bootstrap) throws Exception {
        KbTopics topics = KbTopics.withPrefix("bench" + System.nanoTime() + ".");
        TopicCreator.ensureTopics(bootstrap, topics, 1, (short) 1);
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("linger.ms", "20");
        try (KafkaProducer<String, DocumentCard> producer = new KafkaProducer<>(props,
                topics.documents().keySerde().serializer(), topics.documents().valueSerde().serializer())) {
            for (int d = 0; d < 10_000; d++) {
                List<String> keywords = List.of("kw" + d, "alpha" + d, "beta" + d, "gamma" + d, "delta" + d);
                producer.send(new ProducerRecord<>(topics.documents().name(), "d" + d,
                        new DocumentCard("d" + d, "docs/d" + d + ".md", "Title " + d, keywords, null, null, "md", "h", 1, 1, 0)));
            }
        }
        KeywordIndex index = new KeywordIndex();
        long start = System.nanoTime();
        try (KeywordFeed feed = new KeywordFeed(bootstrap, topics.documents(), index)) {
            feed.start();
            feed.awaitReady(java.time.Duration.ofMinutes(2));
            double seconds = (System.nanoTime() - start) / 1e9;
            report.section("Startup: L0 complete");
            report.add(String.format("| documents in kb.documents | time until L0 is complete | goal |%n|---|---|---|%n| %,d | %.2f s | < 3 s |",
                    index.size(), seconds));
        }
    }
}
