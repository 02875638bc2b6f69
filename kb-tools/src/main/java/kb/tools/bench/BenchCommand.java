package kb.tools.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.KbTopics;
import kb.local.PipelineRun;
import kb.local.WorkFolder;
import kb.search.embed.EmbeddingModelSpec;
import kb.search.embed.OnnxEmbedder;
import kb.search.es.EsClients;
import kb.search.es.IndexNames;
import kb.tools.eval.BeirDataset;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code kb bench}: L0, ingest throughput, query latency, freshness, edits and L0 startup, each printed
 * with its baseline from the same run, and written to {@code docs/benchmarks.md}.
 */
@Command(
        name = "bench",
        header = "Measure throughput, latency, freshness and startup against baselines.",
        description = "L0, ingest throughput, query latency, freshness, edits and startup, each against a baseline;"
                + " writes docs/benchmarks.md (or --out).")
public final class BenchCommand implements Callable<Integer> {

    /** PDFs of ten pages each for the extraction figures: a folder's worth of manuals. */
    private static final int EXTRACTION_DOCUMENTS = 50;

    private static final int EXTRACTION_PAGES = 10;

    @Option(
            names = "--dataset",
            paramLabel = "DIR",
            defaultValue = "../shared/data/scifact",
            description = "A BEIR-format dataset (default ${DEFAULT-VALUE}).")
    Path dataset;

    @Option(
            names = "--docs",
            paramLabel = "N",
            defaultValue = "2000",
            description = "Documents ingested (default ${DEFAULT-VALUE}).")
    int docs;

    @Option(
            names = "--queries",
            paramLabel = "N",
            defaultValue = "200",
            description = "Queries timed (default ${DEFAULT-VALUE}).")
    int queries;

    @Option(
            names = "--edits",
            paramLabel = "N",
            defaultValue = "100",
            description = "Edits timed (default ${DEFAULT-VALUE}).")
    int edits;

    @Option(
            names = "--query-chunks",
            paramLabel = "N[,N...]",
            split = ",",
            defaultValue = "100000",
            description = "Chunks the index is grown to for query latency, one step per size in ascending order"
                    + " (default ${DEFAULT-VALUE}; add 1000000 for the large step: about an hour on 2 cores).")
    List<Integer> queryChunks;

    @Option(
            names = "--startup-docs",
            paramLabel = "N",
            defaultValue = "10000",
            description = "Document cards in L0 when the restart is timed (default ${DEFAULT-VALUE}).")
    int startupDocs;

    @Option(
            names = "--l0-lookups",
            paramLabel = "N",
            defaultValue = "20000",
            description = "L0 lookups timed at each size (default ${DEFAULT-VALUE}; the plain-loop baseline costs"
                    + " about a millisecond each at 10,000 documents).")
    int l0Lookups;

    @Option(
            names = "--only",
            paramLabel = "STEP",
            description = "Run one step after ingesting --docs: startup (publish the cards, time the restart), query"
                    + " (the query-latency steps) or others (L0, embedder alone, freshness, edits, extraction);"
                    + " by default every step runs.")
    String only;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            defaultValue = "docs/benchmarks.md",
            description = "The report (default ${DEFAULT-VALUE}).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Sizes sizes = new Sizes(docs, queries, edits, l0Lookups, queryChunks, startupDocs);
        Set<Only> steps = only == null ? EnumSet.allOf(Only.class) : EnumSet.of(step(only));
        run(dataset, sizes, steps, out, null, null, Map.of());
        return ExitCode.OK;
    }

    private Only step(String name) {
        try {
            return Only.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--only: startup, query or others, not " + name);
        }
    }

    /** The steps {@code --only} can pick; the ingest of {@code --docs} runs before either. */
    public enum Only {
        /** The restart with the cards in L0 (issue 41: restart to ready). */
        STARTUP,
        /** The query-latency steps, each grown to its size of {@code --query-chunks}. */
        QUERY,
        /** L0, the embedder alone, freshness, edits and extraction. */
        OTHERS
    }

    /**
     * The sizes of one run.
     *
     * @param queryChunks the chunk count the index is grown to (by copies) for the query latency benchmark
     * @param startupDocuments document cards in kb.documents when the pipeline is restarted for the startup figure
     */
    public record Sizes(
            int documents, int queries, int edits, int l0Lookups, List<Integer> queryChunks, int startupDocuments) {

        public Sizes {
            queryChunks = queryChunks.stream().sorted().toList();
        }

        /** One query-latency step. */
        public Sizes(int documents, int queries, int edits, int l0Lookups, int queryChunks, int startupDocuments) {
            this(documents, queries, edits, l0Lookups, List.of(queryChunks), startupDocuments);
        }
    }

    public static void run(
            Path datasetDir, Sizes sizes, Path out, String kafka, String es, Map<String, String> settings)
            throws Exception {
        run(datasetDir, sizes, EnumSet.allOf(Only.class), out, kafka, es, settings);
    }

    /** Runs the {@code steps} chosen; the ingest of the corpus runs before any of them. */
    public static void run(
            Path datasetDir,
            Sizes sizes,
            Set<Only> steps,
            Path out,
            String kafka,
            String es,
            Map<String, String> settings)
            throws Exception {
        WorkFolder work = WorkFolder.of(null, "kb-bench-");
        BenchReport report = work.measure(() -> measure(datasetDir, sizes, steps, kafka, es, settings, work.path()));
        report.write(out, command(datasetDir, sizes, steps));
        System.out.println("\nkb bench: wrote " + out);
    }

    /** The command line a report says it came from. */
    private static String command(Path datasetDir, Sizes sizes, Set<Only> steps) {
        return "./kb bench --dataset " + datasetDir + " --docs " + sizes.documents() + " --queries "
                + sizes.queries() + " --edits " + sizes.edits()
                + (steps.size() == 1
                        ? " --only " + steps.iterator().next().name().toLowerCase(Locale.ROOT)
                        : "");
    }

    /** The figures of the {@code steps}, measured in {@code work}. */
    private static BenchReport measure(
            Path datasetDir,
            Sizes sizes,
            Set<Only> steps,
            String kafka,
            String es,
            Map<String, String> settings,
            Path work)
            throws Exception {
        BenchReport report = new BenchReport();
        if (steps.contains(Only.OTHERS)) {
            L0Bench.run(report, sizes.l0Lookups());
        }
        BeirDataset dataset = BeirDataset.load(datasetDir);
        List<BeirDataset.Document> corpus = dataset.corpus()
                .subList(0, Math.min(sizes.documents(), dataset.corpus().size()));
        List<String> questions = new ArrayList<>(dataset.queries().values())
                .subList(0, Math.min(sizes.queries(), dataset.queries().size()));
        Path kbDir = watchedFolders(work);
        Settings read = new Settings(settings);
        String prefix = read.get(KbSettings.INDEX_PREFIX);
        KbTopics topics = KbTopics.withPrefix(read.get(KbSettings.TOPIC_PREFIX));
        try (PipelineRun run = PipelineRun.start(kbDir, work.resolve("data"), kafka, es, settings)) {
            PipelineBench bench = new PipelineBench(run, kbDir, report);
            ElasticsearchClient client = EsClients.create(run.infrastructure().elasticsearchUrl());
            OnnxEmbedder embedder = new OnnxEmbedder(EmbeddingModelSpec.BGE_SMALL_EN_V15_Q);
            try {
                PipelineBench.IngestFigures ingest = bench.ingest(corpus);
                if (steps.contains(Only.OTHERS)) {
                    Baselines.EmbedderFigures alone = Baselines.embedderAlone(
                            embedder, Baselines.chunksOf(corpus), read.get(KbSettings.SINK_VECTOR_SLICE));
                    IngestReport.write(report, dataset.name(), ingest, alone);
                }
                if (steps.contains(Only.QUERY)) {
                    String chunksAlias = prefix + "-chunks";
                    try (IndexReplicator replicas = new IndexReplicator(client, chunksAlias)) {
                        queries(
                                new QuerySteps.Step(report, bench, replicas, client, chunksAlias, embedder),
                                sizes.queryChunks(),
                                questions,
                                Baselines.elasticsearchOnly(client, new IndexNames(prefix), embedder),
                                ingest);
                    }
                }
                if (steps.contains(Only.OTHERS)) {
                    others(report, bench, corpus, work, ingest, sizes.edits());
                }
                if (steps.contains(Only.STARTUP)) {
                    publishCards(run.infrastructure().bootstrapServers(), topics, sizes.startupDocuments());
                }
            } finally {
                client._transport().close();
            }
        }
        if (steps.contains(Only.STARTUP)) {
            StartupBench.measure(report, kbDir, work.resolve("data"), kafka, es, settings, sizes.startupDocuments());
        }
        return report;
    }

    /** The folders the bench writes into, under the kb folder it returns. */
    private static Path watchedFolders(Path work) throws IOException {
        Path kbDir = work.resolve("kb");
        for (String dir : List.of("corpus", "fresh", "background", "edits")) {
            Files.createDirectories(kbDir.resolve(dir));
        }
        return kbDir;
    }

    /** Each query-latency step, on the index grown by copies from one size to the next. */
    private static void queries(
            QuerySteps.Step step,
            List<Integer> sizes,
            List<String> questions,
            Baselines.QueryBaseline elasticsearchOnly,
            PipelineBench.IngestFigures ingest)
            throws Exception {
        for (int size : sizes) {
            QuerySteps.measure(step, size, questions, elasticsearchOnly, ingest);
        }
    }

    /** Freshness, edits and extraction: after the query figures, so their chunks do not change that index. */
    private static void others(
            BenchReport report,
            PipelineBench bench,
            List<BeirDataset.Document> corpus,
            Path work,
            PipelineBench.IngestFigures ingest,
            int edits)
            throws Exception {
        bench.freshness(edits);
        bench.edits();
        ExtractionBench.Figures extraction = ExtractionBench.run(
                corpus, work.resolve("pdfs"), Math.min(EXTRACTION_DOCUMENTS, corpus.size()), EXTRACTION_PAGES);
        ExtractionBench.report(
                report, extraction, bench.ingestFiles(extraction.files(), "documents"), ingest.seconds());
    }

    /** Cards of synthetic documents, 5 keywords each, so the restart has a large L0 to load. */
    private static void publishCards(String bootstrap, KbTopics topics, int documents) {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("linger.ms", "20");
        // As the pipeline's own producers do (acks=all, idempotent), so the bench measures the same writes.
        props.put("acks", "all");
        props.put("enable.idempotence", "true");
        try (KafkaProducer<String, DocumentCard> producer = new KafkaProducer<>(
                props,
                topics.documents().keySerde().serializer(),
                topics.documents().valueSerde().serializer())) {
            for (int d = 0; d < documents; d++) {
                List<String> keywords = List.of("kw" + d, "alpha" + d, "beta" + d, "gamma" + d, "delta" + d);
                producer.send(new ProducerRecord<>(
                        topics.documents().name(),
                        "synthetic-" + d,
                        new DocumentCard(
                                "synthetic-" + d,
                                "bench",
                                "synthetic/d" + d + ".md",
                                "Title " + d,
                                keywords,
                                null,
                                null,
                                "md",
                                "h",
                                1,
                                1,
                                0,
                                NoteMeta.NONE)));
            }
        }
    }
}
