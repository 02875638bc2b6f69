package kb.sink;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import kb.core.DocumentChunks;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import kb.search.es.EsClients;
import kb.sink.config.SinkConfig;
import kb.testkit.IsolatedSettings;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TcpProxy;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/** Issue 12, 8c: with Elasticsearch dead, stopping the sink must not wait out its retry backoff. */
class SinkShutdownIntegrationTest {

    @Test
    void shouldStopWithinTwoSecondsWhenElasticsearchIsDeadAndTheSinkIsInALongBackoff() throws Exception {
        var infra = SharedInfrastructure.get();
        String prefix = IsolatedSettings.newPrefix();
        KbTopics topics = KbTopics.withPrefix(prefix + ".");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (TcpProxy elasticsearch =
                new TcpProxy(URI.create(infra.elasticsearchUrl()).getPort())) {
            String url = "http://127.0.0.1:" + elasticsearch.port();
            Map<String, String> values = new HashMap<>(IsolatedSettings.under(prefix));
            values.put(KbSettings.KAFKA_BOOTSTRAP.name(), infra.bootstrapServers());
            values.put(KbSettings.ES_URL.name(), url);
            Settings settings = new Settings(values);
            var client = EsClients.create(url);
            IndexerSink sink = IndexerSink.create(
                    SinkConfig.from(settings),
                    client,
                    SharedInfrastructure.embeddings(),
                    SinkHost.of(registry, Clock.systemUTC()));
            sink.start();
            elasticsearch.close(); // Elasticsearch is gone from the sink's point of view
            send(infra.bootstrapServers(), topics, SinkHarness.document("a.md", "written while Elasticsearch is dead"));

            // Retries 1-5 wait 0.1-3.2 s in all; the 6th increments the counter, then waits 3.2-6.4 s.
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> registry.counter("kb_sink_retries_total").count() >= 6);
            long start = System.nanoTime();
            sink.close();
            long millis = (System.nanoTime() - start) / 1_000_000;
            client._transport().close();
            assertTrue(millis < 2_000, "close took " + millis + " ms");
        }
    }

    private static void send(String bootstrap, KbTopics topics, DocumentChunks document) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaProducer<String, DocumentChunks> producer = new KafkaProducer<>(
                props,
                topics.chunks().keySerde().serializer(),
                topics.chunks().valueSerde().serializer())) {
            ProducerRecord<String, DocumentChunks> record =
                    new ProducerRecord<>(topics.chunks().name(), document.docId(), document);
            record.headers()
                    .add(
                            Generation.HEADER,
                            ByteBuffer.allocate(Long.BYTES).putLong(1).array());
            producer.send(record).get();
        }
    }
}
