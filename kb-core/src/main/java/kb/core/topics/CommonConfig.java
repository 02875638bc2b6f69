package kb.core.topics;

import kb.core.settings.KbSettings;
import kb.core.settings.Settings;

/**
 * What every stage needs to find the others: the Kafka bootstrap servers and the topics, with how they are
 * laid out on the cluster.
 *
 * @param bootstrapServers Kafka bootstrap servers ({@code KB_KAFKA_BOOTSTRAP}, default localhost:9092)
 * @param topics           the topics, named from {@code KB_TOPIC_PREFIX} (default {@code kb.})
 * @param topicLayout      partitions and replicas the topics are created with ({@code KB_TOPIC_PARTITIONS},
 *                         {@code KB_TOPIC_REPLICATION})
 */
public record CommonConfig(String bootstrapServers, KbTopics topics, TopicLayout topicLayout) {

    /** The default layout: 1 partition, replication from the cluster's size. */
    public CommonConfig(String bootstrapServers, KbTopics topics) {
        this(bootstrapServers, topics, TopicLayout.DEFAULT);
    }

    public static CommonConfig from(Settings settings) {
        return new CommonConfig(
                settings.get(KbSettings.KAFKA_BOOTSTRAP),
                KbTopics.withPrefix(settings.get(KbSettings.TOPIC_PREFIX)),
                TopicLayout.from(settings));
    }
}
