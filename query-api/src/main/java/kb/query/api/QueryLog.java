package kb.query.api;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import kb.core.Json;
import kb.core.runtime.DiskSpace;
import kb.core.topics.KbTopics;
import kb.query.search.Retrieval;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes every answered question on {@code kb.query-log}. Fire and forget: a slow or absent broker must
 * never slow or fail an answer, so sends do not wait for metadata and errors are only counted.
 */
public final class QueryLog implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(QueryLog.class);

    /** One answered question. */
    public record QueryEvent(
            String query,
            long time,
            String route,
            int l0Hits,
            int bm25Hits,
            double bestCosine,
            boolean found,
            List<String> sources,
            long latencyMs) {

        /** The same event as a lookup logs it: the question as asked, every L0 hit, whether it answered. */
        public QueryEvent asLookup(String asked, int l0Documents, boolean answered) {
            return new QueryEvent(asked, time, route, l0Documents, bm25Hits, bestCosine, answered, sources, latencyMs);
        }
    }

    private final KafkaProducer<String, String> producer;
    private final String topic;
    private final MeterRegistry registry;

    private final DiskSpace disk;

    /** @param disk while the broker's disk is full, events are counted as skipped instead of sent */
    public QueryLog(String bootstrapServers, KbTopics topics, MeterRegistry registry, DiskSpace disk) {
        this.disk = disk;
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "50");
        props.put(ProducerConfig.LINGER_MS_CONFIG, "100");
        // Like every producer of the pipeline: acks=all and idempotent. Sends are asynchronous, so waiting for
        // the replicas delays only the callback, never an answer; max.block.ms still bounds send() itself.
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        this.producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
        this.topic = topics.queryLog().name();
        this.registry = registry;
    }

    public void publish(QueryEvent event) {
        if (disk.full()) {
            registry.counter("kb_query_log_skipped_total").increment();
            return;
        }
        try {
            producer.send(new ProducerRecord<>(topic, null, Json.MAPPER.writeValueAsString(event)), (m, error) -> {
                if (error != null) {
                    registry.counter("kb_query_log_errors_total").increment();
                }
            });
        } catch (Exception e) {
            registry.counter("kb_query_log_errors_total").increment();
            LOG.debug("not published: {}", e.toString());
        }
    }

    public static QueryEvent event(String route, Retrieval retrieval, List<String> sources, long startNanos) {
        return new QueryEvent(
                retrieval.query(),
                System.currentTimeMillis(),
                route,
                retrieval.gate().l0Hits(),
                retrieval.gate().bm25Hits(),
                retrieval.gate().bestCosine(),
                retrieval.found(),
                sources,
                (System.nanoTime() - startNanos) / 1_000_000);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(2));
    }
}
