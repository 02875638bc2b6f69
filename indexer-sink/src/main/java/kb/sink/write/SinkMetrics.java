package kb.sink.write;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The sink's write metrics: batch latency, retries, documents by outcome, freshness. */
public final class SinkMetrics {

    private static final Logger LOG = LoggerFactory.getLogger(SinkMetrics.class);

    private final MeterRegistry registry;
    private final Timer batchLatency;
    private final Timer upsertFreshness;
    private final Timer deleteFreshness;

    public SinkMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.batchLatency = Timer.builder("kb_sink_batch_latency").register(registry);
        this.upsertFreshness = freshness(registry, "upsert");
        this.deleteFreshness = freshness(registry, "delete");
        // Registered at zero so dashboards and alerts have a series before the first event of each kind.
        registry.counter("kb_sink_retries_total");
        for (String outcome : new String[] {"applied", "skipped", "rejected"}) {
            registry.counter("kb_sink_documents_total", "outcome", outcome);
        }
        for (String source : new String[] {"computed", "cache"}) {
            registry.counter("kb_sink_embeddings_total", "source", source);
        }
    }

    /**
     * File observed (upserts) or deletion published (deletes) → written to Elasticsearch; the live lane's writes
     * refresh the index, so for them this is save-to-searchable.
     */
    private static Timer freshness(MeterRegistry registry, String op) {
        return Timer.builder("kb_sink_freshness")
                .tag("op", op)
                .publishPercentiles(0.5, 0.99)
                .publishPercentileHistogram()
                .maximumExpectedValue(Duration.ofMinutes(5))
                .register(registry);
    }

    public Timer batchLatency() {
        return batchLatency;
    }

    public void retried() {
        registry.counter("kb_sink_retries_total").increment();
    }

    public void written(DocumentWriter.BatchResult result, Collection<Change> changes) {
        registry.counter("kb_sink_documents_total", "outcome", "applied")
                .increment(result.applied().size());
        long now = System.currentTimeMillis();
        for (Change change : result.applied()) {
            long since = change.isDelete()
                    ? change.timestamp()
                    : change.document().card().eventTime();
            if (since > 0) {
                (change.isDelete() ? deleteFreshness : upsertFreshness)
                        .record(Math.max(0, now - since), TimeUnit.MILLISECONDS);
            }
        }
        registry.counter("kb_sink_documents_total", "outcome", "skipped").increment(result.skipped());
        registry.counter("kb_sink_documents_total", "outcome", "rejected")
                .increment(result.rejected().size());
        LOG.debug(
                "batch of {} documents: {} applied, {} skipped, {} rejected",
                changes.size(),
                result.applied().size(),
                result.skipped(),
                result.rejected().size());
    }
}
