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
    /**
     * The live lane only carries copies of events that are on the main topics too: a day covers any stop of the
     * pipeline short enough for a copy to still be worth applying first.
     */
    private static final long ONE_DAY_MS = Duration.ofDays(1).toMillis();

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

    /**
     * The live lane of {@link #fileEvents()}: a copy of each change the watcher saw (a person's save, upload or
     * delete), with the same key, value and generation, so it overtakes the scan's backlog. The main topic stays the
     * complete log (what is read back at start and replayed); the copy only comes first. Generations keep per-file
     * order between the two: whichever arrives second is applied only if it is newer.
     */
    public TopicSpec<String, FileEvent> fileEventsLive() {
        return new TopicSpec<>(
                prefix + "file-events-live",
                Serdes.String(),
                new JsonSerde<>(FileEvent.class),
                deleteAfter(ONE_DAY_MS));
    }

    /** The live lane of {@link #chunks()}: the chunker's output for {@link #fileEventsLive()}, as a copy. */
    public TopicSpec<String, DocumentChunks> chunksLive() {
        return new TopicSpec<>(
                prefix + "chunks-live",
                Serdes.String(),
                new JsonSerde<>(DocumentChunks.class),
                deleteAfter(ONE_DAY_MS));
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
        return List.of(fileEvents(), chunks(), documents(), dlq(), queryLog(), fileEventsLive(), chunksLive());
    }

    /**
     * The topics keyed by document: a document's versions follow each other in one partition, which is what
     * keeps them in order. Their partition count must never change. The live lanes are not among them: they hold
     * copies that generations order, never the only record of a version.
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
        return deleteAfter(THIRTY_DAYS_MS);
    }

    private Map<String, String> deleteAfter(long retentionMs) {
        return Map.of(
                TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE,
                TopicConfig.RETENTION_MS_CONFIG, Long.toString(retentionMs),
                TopicConfig.MAX_MESSAGE_BYTES_CONFIG, Integer.toString(maxMessageBytes));
    }
}
