package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.CommonConfig;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live lane of the topology: file-events-live → chunks-live, a copy that writes no card and no dead letter. */
class ChunkerLiveLaneTest {

    private static final long GENERATION = 1_765_000_000_000_000L;

    private final KbTopics topics = KbTopics.withPrefix("kb.");
    private TopologyTestDriver driver;
    private TestInputTopic<String, byte[]> live;
    private TestOutputTopic<String, DocumentChunks> liveChunks;
    private TestOutputTopic<String, DocumentChunks> chunks;
    private TestOutputTopic<String, DocumentCard> cards;
    private TestOutputTopic<byte[], byte[]> dlq;

    @BeforeEach
    void setUp(@TempDir Path state) {
        ChunkerConfig config = new ChunkerConfig(new CommonConfig("unused:9092", topics), "test-chunker", 1200, state);
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "test-chunker");
        props.put(StreamsConfig.STATE_DIR_CONFIG, state.toString());
        driver = new TopologyTestDriver(ChunkerTopology.build(config, new SimpleMeterRegistry()), props);
        live = driver.createInputTopic(
                topics.fileEventsLive().name(),
                Serdes.String().serializer(),
                Serdes.ByteArray().serializer());
        liveChunks = driver.createOutputTopic(
                topics.chunksLive().name(),
                Serdes.String().deserializer(),
                topics.chunksLive().valueSerde().deserializer());
        chunks = driver.createOutputTopic(
                topics.chunks().name(),
                Serdes.String().deserializer(),
                topics.chunks().valueSerde().deserializer());
        cards = driver.createOutputTopic(
                topics.documents().name(),
                Serdes.String().deserializer(),
                topics.documents().valueSerde().deserializer());
        dlq = driver.createOutputTopic(
                topics.dlq().name(),
                Serdes.ByteArray().deserializer(),
                Serdes.ByteArray().deserializer());
    }

    @AfterEach
    void tearDown() {
        driver.close();
    }

    @Test
    void shouldChunkALiveCopyToTheLiveLaneWithItsGenerationWhenItIsStamped() throws Exception {
        FileEvent event = DocumentAssemblerTest.event("notes/locks.md", "Steve = 363\n");
        live.pipeInput(new TestRecord<>(event.key(), Json.MAPPER.writeValueAsBytes(event), stamped()));

        TestRecord<String, DocumentChunks> copy = liveChunks.readRecord();
        assertEquals(Ids.docId(DocumentAssemblerTest.COLLECTION, "notes/locks.md"), copy.key());
        assertEquals(GENERATION, Generation.read(copy.headers(), -1));
        assertTrue(chunks.isEmpty(), "the main lane writes the original, in its turn");
        assertTrue(cards.isEmpty(), "cards follow the main topic's order");
    }

    @Test
    void shouldWriteATombstoneToTheLiveLaneWhenALiveDeleteIsStamped() {
        live.pipeInput(new TestRecord<>("kb:notes/locks.md", (byte[]) null, stamped()));

        TestRecord<String, DocumentChunks> tombstone = liveChunks.readRecord();
        assertNull(tombstone.value());
        assertEquals(GENERATION, Generation.read(tombstone.headers(), -1));
    }

    @Test
    void shouldDropACopyWhenItIsUnstampedOrCannotBeRead() {
        live.pipeInput("kb:notes/locks.md", "unstamped".getBytes(StandardCharsets.UTF_8));
        live.pipeInput(new TestRecord<>("kb:notes/bad.md", new byte[] {(byte) 0xff, 0x00}, stamped()));

        assertTrue(liveChunks.isEmpty());
        assertTrue(dlq.isEmpty(), "the original on the main topic is dead-lettered, once");
    }

    private static RecordHeaders stamped() {
        RecordHeaders headers = new RecordHeaders();
        Generation.write(headers, GENERATION);
        return headers;
    }
}
