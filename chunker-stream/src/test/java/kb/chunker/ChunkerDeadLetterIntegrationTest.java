package kb.chunker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.DeadLetters;
import kb.core.topics.KbTopics;
import kb.testkit.IsolatedSettings;
import kb.testkit.SharedInfrastructure;
import kb.testkit.TopicReader;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, the safety net on the real broker: when the broker still refuses a chunks record (here an
 * operator created kb.chunks with a lower limit than the pipeline's), the chunker dead-letters the file
 * event with the reason and moves on: the next file and the refused file's own tombstone get through.
 */
class ChunkerDeadLetterIntegrationTest {

    @Test
    void shouldDeadLetterARecordTheBrokerRefusesAndProcessTheRecordsBehindIt() throws Exception {
        String bootstrap = SharedInfrastructure.get().bootstrapServers();
        String prefix = IsolatedSettings.newPrefix();
        KbTopics topics = KbTopics.withPrefix(prefix + ".");
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topics.chunks().name(), 1, (short) 1)
                            .configs(Map.of(
                                    TopicConfig.CLEANUP_POLICY_CONFIG,
                                    TopicConfig.CLEANUP_POLICY_COMPACT,
                                    TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                                    "100000"))))
                    .all()
                    .get();
        }
        Map<String, String> values = new HashMap<>(IsolatedSettings.under(prefix));
        values.put(KbSettings.KAFKA_BOOTSTRAP.name(), bootstrap);
        values.put(
                KbSettings.STREAMS_STATE_DIR.name(),
                Files.createTempDirectory("kb-it-chunker-").toString());
        Settings settings = new Settings(values);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (ChunkerStream chunker = new ChunkerStream(ChunkerConfig.from(settings), registry);
                TopicReader chunks = new TopicReader(bootstrap, topics.chunks().name());
                TopicReader dlq = new TopicReader(bootstrap, topics.dlq().name())) {
            chunker.start();
            send(bootstrap, topics, "kb:big.md", event("big.md", "Some words in a long note. ".repeat(10_000)));
            send(bootstrap, topics, "kb:small.md", event("small.md", "A short note.\n"));
            send(bootstrap, topics, "kb:big.md", null);

            String big = Ids.docId("kb", "big.md");
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> chunks.keys().containsAll(List.of(Ids.docId("kb", "small.md"), big + "(deleted)")));
            assertTrue(chunks.keys().stream().noneMatch(big::equals), "the refused record was not written");
            await().atMost(Duration.ofSeconds(30)).until(() -> !dlq.records().isEmpty());
            var letter = dlq.records().get(0);
            // The file's path while Streams still holds the source record, else the refused record's doc id.
            String key = new String(letter.key(), StandardCharsets.UTF_8);
            assertTrue(key.equals("kb:big.md") || key.equals(big), key);
            assertEquals(
                    RecordTooLargeException.class.getName(), DeadLetters.header(letter.headers(), DeadLetters.CLASS));
            assertEquals("chunker-stream", DeadLetters.header(letter.headers(), DeadLetters.STAGE));
            assertEquals(
                    1.0,
                    registry.counter("kb_chunker_dlq_total", "reason", "production")
                            .count());
        }
    }

    private static FileEvent event(String path, String content) {
        return new FileEvent(
                FileEvent.SCHEMA_VERSION,
                FileEvent.Op.UPSERT,
                "kb",
                path,
                null,
                "md",
                content.length(),
                Ids.sha256Hex(content),
                1L,
                2L,
                content,
                null);
    }

    private static void send(String bootstrap, KbTopics topics, String key, FileEvent value) throws Exception {
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        try (KafkaProducer<String, FileEvent> producer = new KafkaProducer<>(
                props,
                topics.fileEvents().keySerde().serializer(),
                topics.fileEvents().valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(topics.fileEvents().name(), key, value))
                    .get();
        }
    }
}
