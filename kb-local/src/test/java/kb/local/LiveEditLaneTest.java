package kb.local;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Future;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import kb.core.topics.TopicCreator;
import kb.core.topics.TopicLayout;
import kb.search.es.ChunkFields;
import kb.testkit.SharedInfrastructure;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A person's save made while a backlog drains is indexed, text and vector, before the backlog is (the live lane:
 * docs/decisions/live-edit-lane.md), and a file's versions stay in order between the lane and the backlog: the older
 * versions the backlog still holds of a file saved or deleted meanwhile never overwrite what the person did.
 */
class LiveEditLaneTest {

    /**
     * Enough documents on kb.file-events that the backlog is still draining when the save is made and long after: the
     * pipeline's start already drains some (750-1,300 of them in 7-10 s here) and a warm CI drains 4,000 before the
     * save is searchable; their vectors take minutes.
     */
    private static final int BACKLOG = 20000;

    private static final Duration DEADLINE = Duration.ofMinutes(5);

    private static final String NO_VECTOR = "[{\"exists\":{\"field\":\"" + ChunkFields.EMBEDDING
            + "\"}},{\"exists\":{\"field\":\"" + ChunkFields.EMBEDDING_ZH + "\"}}]";

    /** Chunks still without a vector, of any document. */
    private static final String WITHOUT_VECTOR = "{\"query\":{\"bool\":{\"must_not\":" + NO_VECTOR + "}}}";

    @Test
    void shouldIndexALiveEditTextAndVectorBeforeTheBacklogWhenABacklogDrains() throws Exception {
        try (PipelineHarness kb = new PipelineHarness()) {
            kb.write("notes/edited.md", "# Edited\n\nThe draft says alphaoldword.\n");
            kb.write("notes/gone.md", "# Gone\n\nThis note says gammagoneword.\n");
            publishBacklog(kb.prefix());
            kb.start();
            long atSave = kb.getJson("/api/v1/status").path("documents").asLong(-1);

            kb.write("notes/edited.md", "# Edited\n\nThe saved note says betanewword.\n");
            kb.delete("notes/gone.md");

            await().atMost(DEADLINE).pollInterval(Duration.ofMillis(100)).until(() -> searchable(kb, "betanewword"));
            long indexed = await().atMost(DEADLINE)
                    .until(() -> kb.getJson("/api/v1/status").path("documents").asLong(-1), n -> n >= 0);
            assertTrue(
                    indexed < BACKLOG,
                    "the live edit's text came before the backlog's (" + atSave + " indexed at the save, " + indexed
                            + " when it was searchable)");
            await().atMost(DEADLINE)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> chunksWithoutVector(kb, "notes/edited.md") == 0);
            assertTrue(
                    count(kb.prefix() + "-chunks", WITHOUT_VECTOR) > 0,
                    "the live edit's vector came before the backlog's vectors");

            await().atMost(DEADLINE).until(() -> drained(kb));
            assertTrue(searchable(kb, "betanewword"), "the live version stays after the backlog's older one");
            assertFalse(searchable(kb, "alphaoldword"), "the backlog's older version never overwrote the live one");
            assertFalse(kb.documentPaths().contains("notes/gone.md"), "the backlog's older version did not resurrect");
        }
    }

    /**
     * Documents of another collection, published as a producer's scan would (stamped with a generation), before the
     * pipeline starts: its producer's scan is queued behind them.
     */
    private static void publishBacklog(String prefix) throws Exception {
        KbTopics topics = KbTopics.withPrefix(prefix + ".");
        String bootstrap = SharedInfrastructure.get().bootstrapServers();
        TopicCreator.ensureTopics(bootstrap, topics, TopicLayout.DEFAULT);
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        // One request in flight and no idempotence: a loaded broker answered a burst of 20,000 with "out of order
        // sequence number" and dropped whole batches, so the backlog never drained. Every send is checked below.
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "1");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer())) {
            long now = System.currentTimeMillis();
            for (int i = 0; i < BACKLOG; i++) {
                String path = String.format(Locale.ROOT, "backlog/note-%05d.md", i);
                String content = "# Backlog note " + i + "\n\nAn older note about topic " + i + " in the archive.\n";
                FileEvent event = new FileEvent(
                        FileEvent.SCHEMA_VERSION,
                        FileEvent.Op.UPSERT,
                        "archive",
                        path,
                        "backlog",
                        "md",
                        content.length(),
                        Ids.sha256Hex(content.getBytes(StandardCharsets.UTF_8)),
                        now,
                        now - BACKLOG + i,
                        content,
                        null);
                ProducerRecord<String, byte[]> record = new ProducerRecord<>(
                        topics.fileEvents().name(), event.key(), Json.MAPPER.writeValueAsBytes(event));
                Generation.write(record.headers(), i + 1L);
                sent.add(producer.send(record));
            }
            producer.flush();
        }
        for (Future<RecordMetadata> send : sent) {
            send.get(); // throws when a record of the backlog was not written
        }
    }

    private static boolean searchable(PipelineHarness kb, String word) throws Exception {
        return PipelineHarness.paths(kb.search(word)).contains("notes/edited.md");
    }

    private static boolean drained(PipelineHarness kb) throws Exception {
        JsonNode status = kb.getJson("/api/v1/status");
        return status.path("documents").asLong(-1) == BACKLOG + 1
                && status.path("lag").path("chunker").asLong(-1) == 0
                && status.path("lag").path("sink").asLong(-1) == 0;
    }

    /** The chunks of this document still without a vector, asked of Elasticsearch itself (-1: none indexed yet). */
    private static long chunksWithoutVector(PipelineHarness kb, String path) throws Exception {
        String index = kb.prefix() + "-chunks";
        String docId = Ids.docId(PipelineHarness.COLLECTION, path);
        String filter = "{\"term\":{\"" + ChunkFields.DOC_ID + "\":\"" + docId + "\"}}";
        long all = count(index, "{\"query\":{\"bool\":{\"filter\":[" + filter + "]}}}");
        long without =
                count(index, "{\"query\":{\"bool\":{\"filter\":[" + filter + "],\"must_not\":" + NO_VECTOR + "}}}");
        return all == 0 ? -1 : without;
    }

    private static long count(String index, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(SharedInfrastructure.get().elasticsearchUrl() + "/" + index + "/_count"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .timeout(Duration.ofSeconds(10))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        return Json.MAPPER.readTree(response.body()).get("count").asLong();
    }
}
