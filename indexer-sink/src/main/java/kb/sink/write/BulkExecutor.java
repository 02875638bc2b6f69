package kb.sink.write;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Sends a {@link PlannedBulk} and checks every item: a missing delete (404) and a superseded version (409) are not
 * errors, 429 and 5xx are retriable for the whole batch, anything else is that document's rejection.
 */
final class BulkExecutor {

    private final ElasticsearchClient client;
    private final MeterRegistry registry;
    private final Timer bulkLatency;

    BulkExecutor(ElasticsearchClient client, MeterRegistry registry) {
        this.client = client;
        this.registry = registry;
        this.bulkLatency = Timer.builder("kb_sink_bulk_latency").register(registry);
        for (String outcome : new String[] {"ok", "not_found", "superseded", "retriable", "rejected"}) {
            registry.counter("kb_sink_bulk_items_total", "outcome", outcome);
        }
    }

    /** @return doc id → reason, for documents Elasticsearch rejected as invalid */
    Map<String, String> execute(PlannedBulk plan, Visibility visibility) throws IOException {
        if (plan.operations.isEmpty()) {
            return Map.of(); // every claim lost to a newer version
        }
        long start = System.nanoTime();
        BulkResponse response = client.bulk(BulkRequest.of(b -> switch (visibility) {
            case SCHEDULED -> b.operations(plan.operations);
            case WAIT_FOR_REFRESH -> b.operations(plan.operations).refresh(Refresh.WaitFor);
            case REFRESH_NOW -> b.operations(plan.operations).refresh(Refresh.True);
        }));
        bulkLatency.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        Map<String, String> failures = new LinkedHashMap<>();
        List<BulkResponseItem> items = response.items();
        for (int i = 0; i < items.size(); i++) {
            BulkResponseItem item = items.get(i);
            registry.counter("kb_sink_bulk_items_total", "outcome", outcome(item))
                    .increment();
            if (item.error() == null || isMissingDelete(item) || isSuperseded(item)) {
                continue;
            }
            if (item.status() == 429 || item.status() >= 500) {
                throw new RetriableWriteException("bulk item rejected with status " + item.status() + ": "
                        + item.error().reason());
            }
            failures.putIfAbsent(
                    plan.docIds.get(i),
                    item.error().type() + ": " + item.error().reason());
        }
        return failures;
    }

    private static String outcome(BulkResponseItem item) {
        if (item.error() == null) {
            return "ok";
        }
        if (isMissingDelete(item)) {
            return "not_found";
        }
        if (isSuperseded(item)) {
            return "superseded";
        }
        return item.status() == 429 || item.status() >= 500 ? "retriable" : "rejected";
    }

    private static boolean isMissingDelete(BulkResponseItem item) {
        return item.status() == 404;
    }

    /** A version conflict: a newer version of the document (or this one already) is there. */
    private static boolean isSuperseded(BulkResponseItem item) {
        return item.status() == 409;
    }
}
