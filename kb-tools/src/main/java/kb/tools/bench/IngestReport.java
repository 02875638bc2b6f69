package kb.tools.bench;

/** The ingest section of the bench's report: the whole pipeline against the embedder alone on the same texts. */
final class IngestReport {

    private IngestReport() {}

    static void write(
            BenchReport report, String dataset, PipelineBench.IngestFigures ingest, Baselines.EmbedderFigures alone) {
        report.section("Ingest throughput (" + dataset + ", " + ingest.documents() + " documents, " + ingest.chunks()
                + " chunks)");
        report.add("| measurement | seconds | chunks/s |");
        report.add("|---|---|---|");
        report.add(String.format(
                "| files written → every document searchable by its words (BM25, L0) | %.1f | %.1f |",
                ingest.lexicalSeconds(), ingest.chunks() / ingest.lexicalSeconds()));
        report.add(String.format(
                "| files written → every chunk embedded too (whole pipeline) | %.1f | %.1f |",
                ingest.seconds(), ingest.chunksPerSecond()));
        report.add(String.format(
                "| for reference: files written → the gate and the fusion fitted again on the complete index (a"
                        + " look every KB_GATE_CALIBRATION_PERIOD, not when the last vector lands) | %.1f | |",
                ingest.settledSeconds()));
        report.add(String.format(
                "| the embedder alone on the same %d texts (no Kafka, no Elasticsearch): %.1f CPU-ms per"
                        + " chunk | %.1f | %.1f |",
                alone.chunks(),
                alone.cpuMsPerChunk(),
                alone.chunks() / alone.chunksPerSecond(),
                alone.chunksPerSecond()));
        double ratio = ingest.chunksPerSecond() / alone.chunksPerSecond();
        report.add(String.format("| ratio whole pipeline / embedder alone (goal ≥ 0.9) | | %.2f |", ratio));
        report.add(String.format(
                "| one file saved again just after the corpus was written → that version searchable (goal ≤ 2 s)"
                        + " | %.1f | |",
                ingest.midIndexEdit()));
        String of = String.format(" (%s, %d documents)", dataset, ingest.documents());
        report.figure(Figure.atLeast("ratio whole pipeline / embedder alone" + of, ratio, "", 0.9));
        report.figure(Figure.atMost(
                "one file saved again during the first index → searchable" + of, ingest.midIndexEdit(), "s", 2));
    }
}
