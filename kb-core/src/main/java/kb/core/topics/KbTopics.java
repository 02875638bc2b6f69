package kb.core.topics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.settings.KbSettings;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Serdes;

/**
 * Every topic of the pipeline, named from one prefix so tests and deployments can run side by
 * side on one broker.
 */
public record KbTopics(String prefix, int maxMessageBytes) {

    public static final String DEFAULT_PREFIX = KbSettings.TOPIC_PREFIX.fallback();
    /** 1 MiB of content plus the JSON envelope, chunks and escapes. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

    /** Room kept for the key, headers and batch framing, so a value of {@link #maxValueBytes()} always fits. */
    public static final int RECORD_MARGIN_BYTES = 64 * 1024;

    private static final long THIRTY_DAYS_MS = Duration.ofDays(30).toMillis();

    public static KbTopics withPrefix(String prefix) {
        return new KbTopics(prefix, DEFAULT_MAX_MESSAGE_BYTES);
    }

    /** The largest serialized value a stage may produce: the topic limit less the margin. */
    public int maxValueBytes() {
        return maxMessageBytes - RECORD_MARGIN_BYTES;
    }

    public TopicSpec<String, FileEvent> fileEvents() {
        return new TopicSpec<>(prefix + "file-events", Serdes.String(), new JsonSerde<>(FileEvent.class), compacted());
    }

    public TopicSpec<String, DocumentChunks> chunks() {
        return new TopicSpec<>(prefix + "chunks", Serdes.String(), new JsonSerde<>(DocumentChunks.class), compacted());
    }

    public TopicSpec<String, DocumentCard> documents() {
        return new TopicSpec<>(prefix + "documents", Serdes.String(), new JsonSerde<>(DocumentCard.class), compacted());
    }

    /** Dead letters keep the original bytes, whatever they were. */
    public TopicSpec<byte[], byte[]> dlq() {
        return new TopicSpec<>(prefix + "dlq", Serdes.ByteArray(), Serdes.ByteArray(), deleteAfter30Days());
    }

    public TopicSpec<String, String> queryLog() {
        return new TopicSpec<>(prefix + "query-log", Serdes.String(), Serdes.String(), deleteAfter30Days());
    }

    public List<TopicSpec<?, ?>> all() {
        return List.of(fileEvents(), chunks(), documents(), dlq(), queryLog());
    }

    /**
     * The topics keyed by document: a document's versions follow each other in one partition, which is what
     * keeps them in order. Their partition count must never change.
     */
    public List<TopicSpec<?, ?>> keyed() {
        return List.of(fileEvents(), chunks(), documents());
    }

    private Map<String, String> compacted() {
        return Map.of(
                TopicConfig.CLEANUP_POLICY_CONFIG,
                TopicConfig.CLEANUP_POLICY_COMPACT,
                TopicConfig.MAX_MESSAGE_BYTES_CONFIG,
                Integer.toString(maxMessageBytes));
    }

    private Map<String, String> deleteAfter30Days() {
        return Map.of(
                TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE,
                TopicConfig.RETENTION_MS_CONFIG, Long.toString(THIRTY_DAYS_MS),
                TopicConfig.MAX_MESSAGE_BYTES_CONFIG, Integer.toString(maxMessageBytes));
    }
}
