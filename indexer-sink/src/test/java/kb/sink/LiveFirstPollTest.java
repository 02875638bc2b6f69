package kb.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LiveFirstPollTest {

    private final TopicPartition backlog = new TopicPartition("kb.chunks", 0);
    private final TopicPartition live = new TopicPartition("kb.chunks-live", 0);
    private final LiveFirstPoll poll = new LiveFirstPoll(live.topic());
    private MockConsumer<String, byte[]> consumer;

    @BeforeEach
    void setUp() {
        consumer = new MockConsumer<>("earliest");
        consumer.assign(List.of(backlog, live));
        consumer.updateBeginningOffsets(Map.of(backlog, 0L, live, 0L));
        for (int i = 0; i < 3; i++) {
            consumer.addRecord(new ConsumerRecord<>(backlog.topic(), 0, i, "doc-" + i, new byte[] {1}));
        }
        consumer.addRecord(new ConsumerRecord<>(live.topic(), 0, 0, "doc-live", new byte[] {2}));
    }

    @Test
    void shouldHandOutTheLiveRecordsFirstWhenABacklogWasFetchedBeforeThem() {
        ConsumerRecords<String, byte[]> first = poll.poll(consumer, Duration.ZERO);

        assertEquals(List.of("doc-live"), keys(first));
        assertTrue(consumer.paused().isEmpty(), "the backlog is resumed");
        assertEquals(List.of("doc-0", "doc-1", "doc-2"), keys(poll.poll(consumer, Duration.ZERO)));
    }

    @Test
    void shouldTakeNothingOfTheBacklogWhenAskedForTheLiveLaneOnly() {
        assertEquals(List.of("doc-live"), keys(poll.pollLive(consumer)));
        assertTrue(poll.pollLive(consumer).isEmpty());
        assertEquals(0L, consumer.position(backlog));
    }

    @Test
    void shouldLeaveAPausedBacklogPausedWhenElasticsearchIsUnavailable() {
        consumer.pause(List.of(backlog, live));

        assertTrue(poll.poll(consumer, Duration.ZERO).isEmpty());
        assertEquals(2, consumer.paused().size());
    }

    private static List<String> keys(ConsumerRecords<String, byte[]> records) {
        List<String> keys = new ArrayList<>();
        records.forEach(r -> keys.add(r.key()));
        return keys;
    }
}
