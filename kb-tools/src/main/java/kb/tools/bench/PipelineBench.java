package kb.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import kb.core.Json;
import kb.core.runtime.Threads;
import kb.local.PipelineRun;
import kb.tools.eval.BeirDataset;

/** Benchmarks that need the running pipeline: ingest throughput, query latency, freshness, edits. */
final class PipelineBench {

    private final PipelineRun run;
    private final Path kbDir;
    private final BenchReport report;
    /** Documents the index should hold between the steps (the corpus plus the background files). */
    private long expectedDocuments;

    private final AtomicInteger backgroundWritten = new AtomicInteger();

    PipelineBench(PipelineRun run, Path kbDir, BenchReport report) {
        this.run = run;
        this.kbDir = kbDir;
        this.report = report;
    }

    /** Writes the documents into the watched folder and times them until all are searchable. */
    IngestFigures ingest(List<BeirDataset.Document> documents) throws Exception {
        long start = System.nanoTime();
        for (BeirDataset.Document doc : documents) {
            Files.writeString(corpusFile(doc), corpusText(doc));
        }
        double midIndexEdit = editDuringFirstIndex(documents.get(0));
        run.awaitLexical(documents.size(), Duration.ofMinutes(60));
        double lexical = (System.nanoTime() - start) / 1e9;
        run.awaitEmbedded(documents.size(), Duration.ofMinutes(60));
        double seconds = (System.nanoTime() - start) / 1e9;
        // The later steps want the ranking fitted on the complete index; that waits for the gate's next look.
        run.awaitIndexed(documents.size(), Duration.ofMinutes(60));
        double settled = (System.nanoTime() - start) / 1e9;
        expectedDocuments = documents.size();
        long chunks = run.get("/api/v1/status").get("chunks").asLong();
        return new IngestFigures(documents.size(), chunks, lexical, seconds, settled, midIndexEdit);
    }

    private Path corpusFile(BeirDataset.Document doc) {
        return kbDir.resolve("corpus/" + doc.id().replaceAll("[^A-Za-z0-9_-]", "_") + ".md");
    }

    private static String corpusText(BeirDataset.Document doc) throws IOException {
        return "---\ntitle: " + Json.MAPPER.writeValueAsString(doc.title()) + "\n---\n" + doc.text() + "\n";
    }

    /** A file saved again while the first index is still running: seconds until that version is searchable. */
    private double editDuringFirstIndex(BeirDataset.Document doc) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Files.writeString(corpusFile(doc), corpusText(doc) + "\nmidindexmarker\n");
        awaitSearch("midindexmarker", "corpus/" + corpusFile(doc).getFileName(), true, Duration.ofMinutes(30));
        return (System.nanoTime() - start) / 1e9;
    }

    /** Copies these files into the watched folder's {@code folder} and times them until every chunk is embedded. */
    double ingestFiles(List<Path> files, String folder) throws Exception {
        Path target = Files.createDirectories(kbDir.resolve(folder));
        long start = System.nanoTime();
        for (Path file : files) {
            Files.copy(file, target.resolve(file.getFileName()));
        }
        expectedDocuments += files.size();
        run.awaitIndexed(expectedDocuments, Duration.ofMinutes(60));
        return (System.nanoTime() - start) / 1e9;
    }

    /**
     * @param lexicalSeconds from the first file written until every document is searchable by its words
     * @param seconds        until every chunk has its vector too
     * @param settledSeconds until the gate and the fusion were fitted again on the complete index too
     * @param midIndexEdit   a file saved again just after the corpus was written: until that version is searchable
     */
    record IngestFigures(
            long documents,
            long chunks,
            double lexicalSeconds,
            double seconds,
            double settledSeconds,
            double midIndexEdit) {
        double chunksPerSecond() {
            return chunks / seconds;
        }
    }

    /** Hybrid search through HTTP (embedding included), one client and eight at once. */
    QueryFigures queryLatency(
            String index, List<String> queries, Baselines.QueryBaseline baseline, Baselines.QueryBaseline embedding)
            throws Exception {
        report.section("Query latency (hybrid, query embedding included, through HTTP): " + index);
        Stats base = Stats.of(baseline.measure(queries));
        Stats embed = Stats.of(embedding.measure(queries));
        List<Double> sequential = new ArrayList<>();
        // The phases' bounds, to cut a profile of the run (JFR, Elasticsearch's) to one of them.
        System.out.println("kb bench: hybrid search, 1 client, from " + Instant.now());
        for (String query : queries) {
            long t = System.nanoTime();
            run.search(query, "");
            sequential.add((System.nanoTime() - t) / 1e6);
        }
        System.out.println("kb bench: hybrid search, 8 clients, from " + Instant.now());
        List<Double> concurrent = concurrently(queries, 8);
        System.out.println("kb bench: hybrid search, until " + Instant.now());
        Stats seq = Stats.of(sequential);
        Stats conc = Stats.of(concurrent);
        report.add("| measurement | median | p99 | p99 / baseline p99 |");
        report.add("|---|---|---|---|");
        report.add(row("baseline: the two Elasticsearch queries alone (no embedding, no fusion)", base, base));
        report.add(row("for reference: the query embedding alone", embed, base));
        report.add(row("hybrid search, 1 client", seq, base));
        report.add(row("hybrid search, 8 concurrent clients", conc, base));
        return new QueryFigures(seq, conc);
    }

    /** Hybrid search's times with one client and with eight at once. */
    record QueryFigures(Stats oneClient, Stats eightClients) {}

    private static String row(String name, Stats s, Stats base) {
        return String.format("| %s | %.1f ms | %.1f ms | %.2f |", name, s.median(), s.p99(), s.p99() / base.p99());
    }

    private List<Double> concurrently(List<String> queries, int clients) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Double>> futures = new ArrayList<>();
            for (String query : queries) {
                futures.add(pool.submit(() -> {
                    long t = System.nanoTime();
                    run.search(query, "");
                    return (System.nanoTime() - t) / 1e6;
                }));
            }
            List<Double> samples = new ArrayList<>();
            for (Future<Double> f : futures) {
                samples.add(f.get());
            }
            return samples;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Save → first search that returns it, delete → first search that no longer does, under load. */
    void freshness(int edits) throws Exception {
        report.section("Freshness (file saved → searchable, deleted → gone), with a background ingest");
        Thread background = Threads.worker("bench-background-ingest", () -> backgroundWrites(edits * 3));
        background.start();
        List<Double> upserts = new ArrayList<>();
        List<Double> deletes = new ArrayList<>();
        for (int i = 0; i < edits; i++) {
            String token = "freshtoken" + i + "x" + System.nanoTime();
            Path file = kbDir.resolve("fresh/f" + i + ".md");
            long t = System.nanoTime();
            Files.writeString(file, "# Fresh " + i + "\n\n" + token + " appears here.\n");
            awaitSearch(token, "fresh/f" + i + ".md", true);
            upserts.add((System.nanoTime() - t) / 1e6);
            t = System.nanoTime();
            Files.delete(file);
            awaitSearch(token, "fresh/f" + i + ".md", false);
            deletes.add((System.nanoTime() - t) / 1e6);
        }
        background.interrupt();
        background.join();
        expectedDocuments += backgroundWritten.get();
        report.add("| change | median | p99 |");
        report.add("|---|---|---|");
        report.add(String.format(
                "| save → searchable (%d edits) | %.0f ms | %.0f ms |",
                edits, Stats.of(upserts).median(), Stats.of(upserts).p99()));
        report.add(String.format(
                "| delete → gone (%d deletes) | %.0f ms | %.0f ms |",
                edits, Stats.of(deletes).median(), Stats.of(deletes).p99()));
        JsonNode own = run.get("/api/v1/status").get("freshness");
        for (String op : List.of("upsert", "delete")) {
            if (own != null && own.has(op)) {
                report.add(String.format(
                        "| the pipeline's own kb_sink_freshness{op=%s}, last 2 minutes (from /api/v1/status)"
                                + " | %.0f ms | %.0f ms |",
                        op,
                        own.get(op).get("p50Ms").asDouble(),
                        own.get(op).get("p99Ms").asDouble()));
            }
        }
    }

    private void awaitSearch(String token, String path, boolean present) throws IOException, InterruptedException {
        awaitSearch(token, path, present, Duration.ofSeconds(60));
    }

    private void awaitSearch(String token, String path, boolean present, Duration patience)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode response = run.search(token, "&gate=false&k=3");
            boolean found = false;
            for (JsonNode r : response.get("results")) {
                if (r.get("path").asText().equals(path)) {
                    // Present means this version's text is searchable, not just some version of the file.
                    for (JsonNode chunk : r.get("chunks")) {
                        found |= chunk.get("text").asText().contains(token);
                    }
                }
            }
            if (found == present) {
                return;
            }
            Thread.sleep(20); // polling interval of a measurement loop
        }
        throw new IllegalStateException(path + (present ? " never became searchable" : " never disappeared"));
    }

    private void backgroundWrites(int files) {
        try {
            for (int i = 0; i < files && !Thread.currentThread().isInterrupted(); i++) {
                Files.writeString(
                        kbDir.resolve("background/b" + i + ".md"),
                        "# Background " + i + "\n\nFiller text " + i + ".\n");
                backgroundWritten.incrementAndGet();
                Thread.sleep(100); // a steady trickle of unrelated edits
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Embeddings computed for a one-section edit of a 50-section document, and for a rename. */
    void edits() throws Exception {
        report.section("Edits: embeddings computed");
        run.awaitIndexed(expectedDocuments, Duration.ofMinutes(2));
        long docs = expectedDocuments;
        Files.writeString(kbDir.resolve("edits/big.md"), fiftySections(-1));
        run.awaitIndexed(docs + 1, Duration.ofMinutes(2));
        double before = computed();
        Files.writeString(kbDir.resolve("edits/big.md"), fiftySections(7));
        awaitSearch("changedsectionmarker", "edits/big.md", true);
        run.awaitIndexed(docs + 1, Duration.ofMinutes(2)); // the vector pass follows the text
        double afterEdit = computed();
        Files.move(kbDir.resolve("edits/big.md"), kbDir.resolve("edits/renamed.md"));
        awaitSearch("changedsectionmarker", "edits/renamed.md", true);
        run.awaitIndexed(docs + 1, Duration.ofMinutes(2));
        expectedDocuments = docs + 1; // the renamed document stays
        double afterRename = computed();
        report.add("| change | embeddings computed | goal |");
        report.add("|---|---|---|");
        report.add(String.format("| one section of a 50-section document | %.0f | 1 |", afterEdit - before));
        report.add(String.format("| rename of that document | %.0f | 0 |", afterRename - afterEdit));
    }

    private double computed() {
        return run.registry()
                .counter("kb_sink_embeddings_total", "source", "computed")
                .count();
    }

    private static String fiftySections(int changed) {
        StringBuilder md = new StringBuilder("# Bench Runbook\n\n");
        for (int i = 0; i < 50; i++) {
            md.append("## Part ")
                    .append(i)
                    .append("\n\nInstruction ")
                    .append(i)
                    .append(i == changed ? " changedsectionmarker." : ".")
                    .append("\n\n");
        }
        return md.toString();
    }
}
