package kb.sink.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class CommitOffsetsTest {

    private static final TopicPartition P0 = new TopicPartition("kb.chunks", 0);
    private static final TopicPartition P1 = new TopicPartition("kb.chunks", 1);

    @Test
    void shouldCommitWhatTheMainLoopConfirmedWhenNothingIsPending() {
        CommitOffsets offsets = new CommitOffsets();
        offsets.confirmed(Map.of(P0, 10L, P1, 4L));
        assertEquals(Map.of(P0, 10L, P1, 4L), offsets.committable());
    }

    @Test
    void shouldStopAtTheOldestPendingLargeRecordWhenTheMainLoopIsPastIt() {
        CommitOffsets offsets = new CommitOffsets();
        offsets.pending(P0, 5);
        offsets.pending(P0, 8);
        offsets.confirmed(Map.of(P0, 20L, P1, 3L));
        // Offset 5 itself is not committed: a restart redelivers it.
        assertEquals(Map.of(P0, 5L, P1, 3L), offsets.committable());
        offsets.committed(offsets.committable());

        offsets.written(P0, 8);
        assertEquals(Map.of(), offsets.committable(), "5 is still pending: nothing moves");
        offsets.written(P0, 5);
        assertEquals(Map.of(P0, 20L), offsets.committable());
    }

    @Test
    void shouldCommitOnlyUpToTheMainLoopWhenTheLargeRecordIsWrittenFirst() {
        CommitOffsets offsets = new CommitOffsets();
        offsets.pending(P0, 5);
        offsets.confirmed(Map.of(P0, 6L));
        offsets.written(P0, 5);
        assertEquals(Map.of(P0, 6L), offsets.committable());
        offsets.committed(Map.of(P0, 6L));
        assertEquals(Map.of(), offsets.committable(), "nothing new since the last commit");
    }

    @Test
    void shouldCommitNothingOfAPartitionTheMainLoopHasNotConfirmedYet() {
        CommitOffsets offsets = new CommitOffsets();
        offsets.pending(P1, 0);
        assertEquals(Map.of(), offsets.committable());
        assertEquals(1, offsets.pendingCount());
    }

    @Test
    void shouldDropAPartitionsStateWhenItIsRevoked() {
        CommitOffsets offsets = new CommitOffsets();
        offsets.pending(P0, 5);
        offsets.confirmed(Map.of(P0, 9L, P1, 2L));
        offsets.committed(offsets.committable());
        offsets.forget(List.of(P0));
        assertEquals(0, offsets.pendingCount());
        offsets.confirmed(Map.of(P0, 3L));
        assertEquals(Map.of(P0, 3L), offsets.committable(), "a new owner's commits start afresh");
    }

    /** The broker away for longer than a commit's timeout: the sink goes on, and commits once it is back. */
    @Test
    void shouldCommitAgainAfterTheBrokerWasAwayWhenACommitTimesOut() {
        AtomicBoolean away = new AtomicBoolean(true);
        MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest") {
            @Override
            public synchronized void commitSync(Map<TopicPartition, OffsetAndMetadata> offsets) {
                if (away.get()) {
                    throw new TimeoutException("Timeout of 60000ms expired before successfully committing offsets");
                }
                super.commitSync(offsets);
            }
        };
        consumer.assign(List.of(P0));
        CommitOffsets offsets = new CommitOffsets();
        offsets.confirmed(Map.of(P0, 10L));
        offsets.commitThrough(consumer);
        assertEquals(Map.of(P0, 10L), offsets.committable(), "not committed: tried again");
        away.set(false);
        offsets.commitThrough(consumer);
        assertEquals(Map.of(), offsets.committable());
        assertEquals(10L, consumer.committed(Set.of(P0)).get(P0).offset());
    }
}
