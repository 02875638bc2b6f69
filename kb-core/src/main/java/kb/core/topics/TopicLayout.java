package kb.core.topics;

import java.util.Map;
import java.util.OptionalInt;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import org.apache.kafka.common.config.TopicConfig;

/**
 * How many partitions and replicas the pipeline's topics are created with, read once at start.
 *
 * @param partitions  partitions of every topic ({@code KB_TOPIC_PARTITIONS}, default 1); the keyed topics must
 *                    keep theirs for life (see {@link TopicCreator})
 * @param replication replicas of every topic ({@code KB_TOPIC_REPLICATION}); unset: as many as the cluster has
 *                    brokers, up to {@value #MAX_DEFAULT_REPLICATION}, counted when the topics are created
 */
public record TopicLayout(int partitions, OptionalInt replication) {

    public static final String PARTITIONS_SETTING = KbSettings.TOPIC_PARTITIONS.name();
    public static final String REPLICATION_SETTING = KbSettings.TOPIC_REPLICATION.name();
    /** Three copies survive one broker down with writes still acknowledged by two. */
    public static final int MAX_DEFAULT_REPLICATION = 3;

    public static final TopicLayout DEFAULT = new TopicLayout(1, OptionalInt.empty());

    public TopicLayout {
        if (partitions < 1) {
            throw new IllegalArgumentException(PARTITIONS_SETTING + " must be at least 1, got " + partitions);
        }
        // NewTopic takes the replication factor as a short.
        if (replication.isPresent() && (replication.getAsInt() < 1 || replication.getAsInt() > Short.MAX_VALUE)) {
            throw new IllegalArgumentException(REPLICATION_SETTING + " must be between 1 and " + Short.MAX_VALUE
                    + ", got " + replication.getAsInt());
        }
    }

    public static TopicLayout from(Settings settings) {
        return new TopicLayout(settings.get(KbSettings.TOPIC_PARTITIONS), settings.get(KbSettings.TOPIC_REPLICATION));
    }

    /** The configured replication, or one replica per broker up to three (the embedded single broker: 1). */
    public short replicationFor(int brokers) {
        return (short) replication.orElse(Math.max(1, Math.min(MAX_DEFAULT_REPLICATION, brokers)));
    }

    /**
     * Topic configs that follow from the replication. From three replicas on, an {@code acks=all} write must
     * reach all but one of them: one broker may be down without stopping writes, and an acknowledged record
     * is on at least two brokers. With fewer replicas the broker default (1) stays, else a single broker down
     * would stop every write.
     */
    public static Map<String, String> replicaConfigs(short replication) {
        return replication >= MAX_DEFAULT_REPLICATION
                ? Map.of(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(replication - 1))
                : Map.of();
    }
}
