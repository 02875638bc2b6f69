package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live lane of the topology: file-events-live → chunks-live, a copy that writes no card and no dead letter. */
class ChunkerLiveLaneTest {

    private static final long GENERATION = 1_765_000_000_000_000L;

    private ChunkerDriver driver;
    private KbTopics topics;
    private TestInputTopic<String, byte[]> live;
    private TestOutputTopic<String, DocumentChunks> liveChunks;
    private TestOutputTopic<String, DocumentChunks> chunks;
    private TestOutputTopic<String, DocumentCard> cards;
    private TestOutputTopic<byte[], byte[]> dlq;

    @BeforeEach
    void setUp(@TempDir Path state) {
        driver = new ChunkerDriver(state);
        topics = driver.topics;
        live = driver.input(topics.fileEventsLive());
        liveChunks = driver.output(topics.chunksLive());
        chunks = driver.output(topics.chunks());
        cards = driver.output(topics.documents());
        dlq = driver.output(topics.dlq());
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
