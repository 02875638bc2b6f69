package kb.core;

/**
 * What every stage needs to find the others: the Kafka bootstrap servers and the topic prefix.
 *
 * @param bootstrapServers Kafka bootstrap servers ({@code KB_KAFKA_BOOTSTRAP}, default localhost:9092)
 * @param topics           the topics, named from {@code KB_TOPIC_PREFIX} (default {@code kb.})
 */
public record CommonConfig(String bootstrapServers, KbTopics topics) {

    public static CommonConfig from(Settings settings) {
        return new CommonConfig(
                settings.string("KB_KAFKA_BOOTSTRAP", "localhost:9092"),
                KbTopics.withPrefix(settings.string("KB_TOPIC_PREFIX", KbTopics.DEFAULT_PREFIX)));
    }
}
