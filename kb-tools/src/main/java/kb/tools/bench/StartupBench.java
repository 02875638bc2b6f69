package kb.tools.bench;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import kb.infra.StartTimes;
import kb.local.PipelineRun;

/** The bench's startup figure: {@code ./kb up} again on a data folder whose L0 holds many document cards. */
final class StartupBench {

    private StartupBench() {}

    /** The pipeline restarted on the same data folder, as {@code ./kb up} after a stop: until ready, and L0's share. */
    static void measure(
            BenchReport report,
            Path kbDir,
            Path dataDir,
            String kafka,
            String es,
            Map<String, String> settings,
            int cards)
            throws Exception {
        long start = System.nanoTime();
        try (PipelineRun run = PipelineRun.start(kbDir, dataDir, kafka, es, settings)) {
            double everyArm = (System.nanoTime() - start) / 1e9;
            // Ready as kb up's ready line: L0 answers (a restart), Elasticsearch's arms maybe not yet.
            double ready = (run.pipeline().readySince() - start) / 1e9;
            double l0 = run.registry().get("kb_l0_load_seconds").gauge().value();
            double documents = run.registry().get("kb_l0_documents").gauge().value();
            StartTimes phases = run.infrastructure().startTimes();
            report.section("Startup: restart with documents already indexed");
            report.add("| documents with keywords in L0 | broker ready | Elasticsearch ready | Elasticsearch's phases"
                    + " (from its spawn) | L0 load (kb_l0_load_seconds) | restart until ready (broker, initial scan, L0:"
                    + " L0 answers) | until every arm answers (Elasticsearch, sink, query API's work) | goal |");
            report.add("|---|---|---|---|---|---|---|---|");
            report.add(String.format(
                    "| %,.0f (%,d synthetic cards) | %.1f s | %.1f s | %s | %.2f s | %.1f s | %.1f s | ready ≤ 8 s |",
                    documents,
                    cards,
                    phases.broker().toMillis() / 1e3,
                    phases.elasticsearch().toMillis() / 1e3,
                    phases.elasticsearchPhases().describe(),
                    l0,
                    ready,
                    everyArm));
            report.figure(
                    Figure.atMost(String.format(Locale.ROOT, "restart to ready, %,d documents", cards), ready, "s", 8));
        }
    }
}
