package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import kb.core.topics.CommonConfig;
import kb.core.topics.KbTopics;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunkerStreamPropsTest {

    @Test
    void shouldGiveTheStreamsProducerAcksAllAndIdempotence(@TempDir Path state) {
        ChunkerConfig config = new ChunkerConfig(
                new CommonConfig("unused:9092", KbTopics.withPrefix("kb.")), "test-chunker", 1200, state);
        // What Kafka Streams really hands its producer, after its own defaults and overrides.
        Map<String, Object> producer = new StreamsConfig(ChunkerStream.streamsProps(config)).getProducerConfigs("c");
        assertEquals("all", String.valueOf(producer.get(ProducerConfig.ACKS_CONFIG)));
        assertEquals("true", String.valueOf(producer.get(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG)));
    }
}
