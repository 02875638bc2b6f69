package kb.query.http;

import io.micrometer.core.instrument.MeterRegistry;
import kb.query.search.Retrieval;

/** The answers' meters: the gate's decisions, the exact tier's hits and the results, tagged by route. */
final class AnswerMetrics {

    private final MeterRegistry registry;

    AnswerMetrics(MeterRegistry registry) {
        this.registry = registry;
        // Both decisions from the start, so a rate over a scrape with no deflection yet reads 0, not no data.
        for (String decision : new String[] {"found", "deflected"}) {
            registry.counter("kb_query_gate_total", "route", "search", "decision", decision);
        }
    }

    void countGate(Retrieval retrieval, String route) {
        registry.counter("kb_query_gate_total", "route", route, "decision", retrieval.found() ? "found" : "deflected")
                .increment();
        registry.summary("kb_query_l0_hits", "route", route)
                .record(retrieval.l0().size());
        registry.summary("kb_query_results", "route", route)
                .record(retrieval.documents().size());
    }

    void countLookup(String matchType) {
        registry.counter("kb_lookup_total", "match_type", matchType).increment();
    }
}
