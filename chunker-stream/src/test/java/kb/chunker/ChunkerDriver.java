package kb.chunker;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.Properties;
import kb.core.topics.CommonConfig;
import kb.core.topics.KbTopics;
import kb.core.topics.TopicSpec;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;

/**
 * The chunker's whole topology in Kafka Streams' {@link TopologyTestDriver}, on the {@code kb.} topics: file events
 * go in as the producer writes them (bytes, so a test can also send what does not parse), and each output topic is
 * read with its own serde.
 */
final class ChunkerDriver implements AutoCloseable {

    final KbTopics topics = KbTopics.withPrefix("kb.");
    private final TopologyTestDriver driver;

    ChunkerDriver(Path state) {
        ChunkerConfig config = new ChunkerConfig(new CommonConfig("unused:9092", topics), "test-chunker", 1200, state);
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "test-chunker");
        props.put(StreamsConfig.STATE_DIR_CONFIG, state.toString());
        driver = new TopologyTestDriver(ChunkerTopology.build(config, new SimpleMeterRegistry()), props);
    }

    /** A file-event topic, written as raw bytes. */
    TestInputTopic<String, byte[]> input(TopicSpec<String, ?> topic) {
        return driver.createInputTopic(
                topic.name(), Serdes.String().serializer(), Serdes.ByteArray().serializer());
    }

    <K, V> TestOutputTopic<K, V> output(TopicSpec<K, V> topic) {
        return driver.createOutputTopic(
                topic.name(),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    @Override
    public void close() {
        driver.close();
    }
}
