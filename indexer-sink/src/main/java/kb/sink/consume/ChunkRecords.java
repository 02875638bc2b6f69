package kb.sink.consume;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kb.core.DocumentChunks;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import kb.sink.write.Change;
import kb.sink.write.DeadLetterPublisher;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/** Polled kb.chunks records as changes: decoding (dead-lettering what cannot be read) and batch bookkeeping. */
public final class ChunkRecords {

    /**
     * A polled record, decoded; {@code change} is null for a record dead-lettered as undecodable, or a live copy
     * without a generation (its offset is still committed with its batch).
     */
    public record Decoded(ConsumerRecord<String, byte[]> record, Change change) {
        public int chunks() {
            return change == null || change.isDelete()
                    ? 0
                    : change.document().chunks().size();
        }

        TopicPartition partition() {
            return new TopicPartition(record.topic(), record.partition());
        }
    }

    /** No generation header: what a live copy must not lack. */
    private static final long UNSTAMPED = -1;

    private final KbTopics topics;
    private final DeadLetterPublisher deadLetters;

    public ChunkRecords(KbTopics topics, DeadLetterPublisher deadLetters) {
        this.topics = topics;
        this.deadLetters = deadLetters;
    }

    public List<Decoded> decode(ConsumerRecords<String, byte[]> records) {
        List<Decoded> decoded = new ArrayList<>(records.count());
        for (ConsumerRecord<String, byte[]> record : records) {
            decoded.add(new Decoded(record, changeOf(record)));
        }
        return decoded;
    }

    /**
     * The record as a change, or null after dead-lettering it when it cannot be read. A live copy without the
     * producer's generation is left out (null, not dead-lettered): its offset on the live topic orders nothing, and
     * its original on kb.chunks comes in turn.
     */
    private Change changeOf(ConsumerRecord<String, byte[]> record) {
        if (record.key() == null) {
            deadLetters.undecodable(record.value(), null, "MissingKey", "chunks record without a doc id");
            return null;
        }
        boolean live = record.topic().equals(topics.chunksLive().name());
        long generation = Generation.read(record.headers(), live ? UNSTAMPED : record.offset());
        if (generation == UNSTAMPED) {
            return null;
        }
        try {
            DocumentChunks document = record.value() == null
                    ? null
                    : topics.chunks().valueSerde().deserializer().deserialize(record.topic(), record.value());
            return new Change(record.key(), generation, document, record.timestamp(), record.value());
        } catch (RuntimeException e) {
            deadLetters.undecodable(record.value(), record.key(), e.getClass().getName(), e.getMessage());
            return null;
        }
    }

    /**
     * Only the newest record of a document in a batch matters; the others are superseded. Newest by generation, not
     * by place in the batch: a batch holds one topic's records, in order, but the generations are what the fence
     * compares, so the batch keeps the version the fence would keep.
     */
    public static Collection<Decoded> latestPerDocument(List<Decoded> batch) {
        Map<String, Decoded> latest = new LinkedHashMap<>();
        for (Decoded decoded : batch) {
            if (decoded.change() == null) {
                continue;
            }
            Decoded kept = latest.get(decoded.change().docId());
            if (kept == null || decoded.change().generation() >= kept.change().generation()) {
                latest.remove(decoded.change().docId());
                latest.put(decoded.change().docId(), decoded);
            }
        }
        return latest.values();
    }

    /** Per partition, the offset after the batch's last record: what committing the batch moves to. */
    public static Map<TopicPartition, Long> nextOffsets(List<Decoded> batch) {
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (Decoded decoded : batch) {
            offsets.merge(decoded.partition(), decoded.record().offset() + 1, Math::max);
        }
        return offsets;
    }
}
