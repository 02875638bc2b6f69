package kb.sink;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * Polls kb.chunks-live ahead of kb.chunks. The consumer hands out what it fetched in the order the fetches came, and
 * one fetch of kb.chunks can hold thousands of a backlog's records: a live edit fetched after it would wait until all
 * of them were written. So each poll first asks for the live lane alone (kb.chunks paused for that instant: its
 * fetched records stay buffered, and come next), and polls as usual only when no live record is there. One job, for
 * the sink's loop thread only (a consumer is not thread-safe); see docs/decisions/live-edit-lane.md.
 */
final class LiveFirstPoll {

    private final String liveTopic;

    LiveFirstPoll(String liveTopic) {
        this.liveTopic = liveTopic;
    }

    /** Live records if any were fetched, else a usual poll of every partition that is not paused. */
    ConsumerRecords<String, byte[]> poll(Consumer<String, byte[]> consumer, Duration timeout) {
        ConsumerRecords<String, byte[]> live = pollLive(consumer);
        return live.isEmpty() ? consumer.poll(timeout) : live;
    }

    /**
     * The live records fetched so far, without waiting, and without taking any of the backlog's: the sink asks between
     * the writes of one poll too, since a poll of a backlog is many writes.
     */
    ConsumerRecords<String, byte[]> pollLive(Consumer<String, byte[]> consumer) {
        Set<TopicPartition> paused = consumer.paused();
        List<TopicPartition> backlog = consumer.assignment().stream()
                .filter(p -> !p.topic().equals(liveTopic) && !paused.contains(p))
                .toList();
        boolean liveReadable =
                consumer.assignment().stream().anyMatch(p -> p.topic().equals(liveTopic) && !paused.contains(p));
        if (!liveReadable || backlog.isEmpty()) {
            return ConsumerRecords.empty();
        }
        consumer.pause(backlog);
        try {
            return consumer.poll(Duration.ZERO);
        } finally {
            consumer.resume(backlog.stream().collect(Collectors.toSet()));
        }
    }
}
