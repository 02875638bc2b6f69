package kb.chunker;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import kb.core.Chunk;

/** Counts what the topology decides, tagged only by outcome and format (never by path). */
final class ChunkerMetrics {

    private final MeterRegistry registry;
    private final DistributionSummary chunkSize;

    ChunkerMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.chunkSize = DistributionSummary.builder("kb_chunker_chunk_size_chars")
                .serviceLevelObjectives(100, 300, 600, 900, 1200)
                .register(registry);
        // Registered at zero so dashboards and alerts have a series before the first record of each kind.
        for (String outcome : new String[] {"indexed", "deleted", "failed"}) {
            registry.counter("kb_chunker_records_total", "outcome", outcome);
        }
        for (String reason :
                new String[] {"undecodable", "error", "truncated", "production", "processing", "deserialization"}) {
            registry.counter("kb_chunker_dlq_total", "reason", reason);
        }
    }

    Outcome record(Outcome outcome) {
        if (outcome instanceof Outcome.Indexed indexed) {
            registry.counter("kb_chunker_records_total", "outcome", "indexed").increment();
            String format = indexed.document().card().format();
            registry.counter("kb_chunker_chunks_total", "format", format == null ? "none" : format)
                    .increment(indexed.document().chunks().size());
            for (Chunk chunk : indexed.document().chunks()) {
                chunkSize.record(chunk.text().length());
            }
            if (indexed.truncation().isPresent()) {
                registry.counter("kb_chunker_dlq_total", "reason", "truncated").increment();
            }
        } else if (outcome instanceof Outcome.Deleted) {
            registry.counter("kb_chunker_records_total", "outcome", "deleted").increment();
        } else {
            registry.counter("kb_chunker_records_total", "outcome", "failed").increment();
            registry.counter("kb_chunker_dlq_total", "reason", reason((Outcome.Failed) outcome))
                    .increment();
        }
        return outcome;
    }

    private static String reason(Outcome.Failed failed) {
        String cls = failed.errorClass();
        return cls.contains("Json") || cls.contains("Jackson") || cls.contains("Mismatched") ? "undecodable" : "error";
    }
}
