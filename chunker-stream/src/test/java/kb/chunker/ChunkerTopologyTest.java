package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.ExtractedText;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.Location;
import kb.core.topics.DeadLetters;
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

class ChunkerTopologyTest {

    private ChunkerDriver driver;
    private KbTopics topics;
    private TestInputTopic<String, byte[]> input;
    private TestOutputTopic<String, DocumentChunks> chunks;
    private TestOutputTopic<String, DocumentCard> cards;
    private TestOutputTopic<byte[], byte[]> dlq;

    @BeforeEach
    void setUp(@TempDir Path state) {
        driver = new ChunkerDriver(state);
        topics = driver.topics;
        input = driver.input(topics.fileEvents());
        chunks = driver.output(topics.chunks());
        cards = driver.output(topics.documents());
        dlq = driver.output(topics.dlq());
    }

    @AfterEach
    void tearDown() {
        driver.close();
    }

    @Test
    void shouldPublishChunksAndCardKeyedByDocId() throws Exception {
        FileEvent event =
                DocumentAssemblerTest.event("notes/locks.md", "---\ntitle: Suitcase Locks\n---\nSteve = 363\n");
        input.pipeInput(event.key(), Json.MAPPER.writeValueAsBytes(event));
        var chunkRecord = chunks.readKeyValue();
        assertEquals(Ids.docId(DocumentAssemblerTest.COLLECTION, "notes/locks.md"), chunkRecord.key);
        assertEquals(
                "Suitcase Locks\n\nSteve = 363",
                chunkRecord.value.chunks().get(0).enrichedText());
        var cardRecord = cards.readKeyValue();
        assertEquals("Suitcase Locks", cardRecord.value.title());
        assertEquals("notes", cardRecord.value.category());
        assertTrue(dlq.isEmpty());
    }

    @Test
    void shouldCarryTheProducersGenerationAndStampAnUnstampedEventWithItsOffset() throws Exception {
        FileEvent event = DocumentAssemblerTest.event("notes/locks.md", "Steve = 363\n");
        input.pipeInput(event.key(), Json.MAPPER.writeValueAsBytes(event)); // offset 0, no stamp
        RecordHeaders stamped = new RecordHeaders();
        Generation.write(stamped, 1_765_000_000_000_000L);
        input.pipeInput(new TestRecord<>("kb:notes/locks.md", (byte[]) null, stamped));
        assertEquals(0L, Generation.read(chunks.readRecord().headers(), -1));
        TestRecord<String, DocumentChunks> tombstone = chunks.readRecord();
        assertNull(tombstone.value());
        assertEquals(1_765_000_000_000_000L, Generation.read(tombstone.headers(), -1), "a delete keeps it too");
    }

    @Test
    void shouldTurnATombstoneIntoTombstonesOnBothOutputs() {
        input.pipeInput("kb:notes/locks.md", (byte[]) null);
        var chunkRecord = chunks.readKeyValue();
        assertEquals(Ids.docId(DocumentAssemblerTest.COLLECTION, "notes/locks.md"), chunkRecord.key);
        assertNull(chunkRecord.value);
        assertNull(cards.readKeyValue().value);
    }

    @Test
    void shouldGiveTwoDocumentsWhenTwoCollectionsHoldTheSamePath() throws Exception {
        FileEvent work = DocumentAssemblerTest.event("work", "readme.md", "work notes\n");
        FileEvent home = DocumentAssemblerTest.event("home", "readme.md", "home notes\n");
        input.pipeInput(work.key(), Json.MAPPER.writeValueAsBytes(work));
        input.pipeInput(home.key(), Json.MAPPER.writeValueAsBytes(home));
        var first = cards.readKeyValue();
        var second = cards.readKeyValue();
        assertEquals(Ids.docId("work", "readme.md"), first.key);
        assertEquals("work", first.value.collection());
        assertEquals(Ids.docId("home", "readme.md"), second.key);
        assertEquals("home", second.value.collection());
    }

    @Test
    void shouldWithdrawTheDocumentOfAKeyFromBeforeCollections() {
        // Before collections the key was the bare path and the doc id its digest.
        input.pipeInput("notes/locks.md", (byte[]) null);
        assertEquals(Ids.sha256Hex("notes/locks.md").substring(0, 32), chunks.readKeyValue().key);
    }

    @Test
    void shouldDeadLetterCorruptBytesAndKeepProcessing() throws Exception {
        byte[] corrupt = {(byte) 0xff, 0x00, 0x7b, 0x22};
        input.pipeInput("broken.md", corrupt);
        FileEvent good = DocumentAssemblerTest.event("good.md", "fine\n");
        input.pipeInput(good.key(), Json.MAPPER.writeValueAsBytes(good));

        TestRecord<byte[], byte[]> dead = dlq.readRecord();
        assertEquals("broken.md", new String(dead.key(), StandardCharsets.UTF_8));
        assertEquals(corrupt.length, dead.value().length);
        assertEquals("chunker-stream", DeadLetters.header(dead.headers(), DeadLetters.STAGE));
        assertTrue(DeadLetters.header(dead.headers(), DeadLetters.CLASS).contains("Json")
                || DeadLetters.header(dead.headers(), DeadLetters.CLASS).contains("Exception"));
        assertTrue(!DeadLetters.header(dead.headers(), DeadLetters.MESSAGE).isEmpty());
        assertEquals(Ids.docId(DocumentAssemblerTest.COLLECTION, "good.md"), chunks.readKeyValue().key);
    }

    @Test
    void shouldDeadLetterAnEventWhoseKeyDisagreesWithItsPath() throws Exception {
        FileEvent event = DocumentAssemblerTest.event("a.md", "x\n");
        input.pipeInput("kb:b.md", Json.MAPPER.writeValueAsBytes(event));
        assertEquals("KeyMismatch", DeadLetters.header(dlq.readRecord().headers(), DeadLetters.CLASS));
        assertTrue(chunks.isEmpty());
    }

    @Test
    void shouldIndexWhatFitsAndDeadLetterANoticeWhenADocumentExceedsTheRecordLimitThenHonourItsTombstone()
            throws Exception {
        FileEvent poison = DocumentAssemblerTest.event("poison.txt", RecordBudgetTest.controlCharacterFile());
        input.pipeInput(poison.key(), Json.MAPPER.writeValueAsBytes(poison));
        input.pipeInput(poison.key(), (byte[]) null);

        var fitted = chunks.readRecord();
        assertTrue(topics.chunks().valueSerde().serializer().serialize("t", fitted.value()).length
                <= topics.maxValueBytes());
        assertEquals(fitted.value().chunks().size(), cards.readValue().chunkCount());
        TestRecord<byte[], byte[]> notice = dlq.readRecord();
        assertEquals("kb:poison.txt", new String(notice.key(), StandardCharsets.UTF_8));
        assertEquals(TruncationNotice.ERROR_CLASS, DeadLetters.header(notice.headers(), DeadLetters.CLASS));
        assertTrue(DeadLetters.header(notice.headers(), DeadLetters.MESSAGE).contains("indexed in part"));
        assertEquals(
                "truncated", Json.MAPPER.readTree(notice.value()).get("reason").asText());
        var tombstone = chunks.readKeyValue();
        assertEquals(Ids.docId(DocumentAssemblerTest.COLLECTION, "poison.txt"), tombstone.key);
        assertNull(tombstone.value);
    }

    @Test
    void shouldKeepTheTitleAndKeywordsAndDeadLetterANoticeWhenTheFrontmatterIsOverTheBound() throws Exception {
        assertTitleKeywordsAndBodyKeptWithFrontmatterOf(1_100_000);
        TestRecord<byte[], byte[]> notice = dlq.readRecord();
        assertEquals("kb:big.md", new String(notice.key(), StandardCharsets.UTF_8));
        assertEquals(FrontmatterNotice.ERROR_CLASS, DeadLetters.header(notice.headers(), DeadLetters.CLASS));
        assertEquals(
                "frontmatter too large",
                Json.MAPPER.readTree(notice.value()).get("reason").asText());
    }

    /** Over 64K (the limit before) but under the bound: read whole, nothing to report. */
    @Test
    void shouldReadAFrontmatterOfSeventyThousandCharactersWhole() throws Exception {
        assertTitleKeywordsAndBodyKeptWithFrontmatterOf(70_000);
        assertTrue(dlq.isEmpty());
    }

    /** A note big.md whose frontmatter has a {@code notes} value of {@code size} characters: its card and body kept. */
    private void assertTitleKeywordsAndBodyKeptWithFrontmatterOf(int size) throws Exception {
        String content = "---\ntitle: Kept\nkeywords: [kept]\nnotes: \"" + "x".repeat(size) + "\"\n---\n"
                + "# Kept heading\n\nThe body is still searchable.\n";
        FileEvent event = DocumentAssemblerTest.event("big.md", content);
        input.pipeInput(event.key(), Json.MAPPER.writeValueAsBytes(event));

        DocumentChunks document = chunks.readValue();
        assertEquals("Kept", document.card().title());
        assertEquals(List.of("kept"), document.card().keywords());
        assertTrue(document.chunks().get(0).text().contains("still searchable"));
    }

    /** A 5,000-page PDF of 218 KB of text (a parts list: one short line a page), as the producer extracts it. */
    @Test
    void shouldKeepALongPdfSearchableToItsLastPageWithinTheChunkBudget() throws Exception {
        List<ExtractedText.Block> pages = new ArrayList<>();
        for (int page = 1; page <= 5000; page++) {
            pages.add(new ExtractedText.Block(
                    Location.Unit.PAGE, page, null, 0, "Part " + page + ": valve seal, size M" + page % 40));
        }
        FileEvent text = DocumentAssemblerTest.event("parts.pdf", "");
        FileEvent event = new FileEvent(
                text.schemaVersion(),
                text.op(),
                text.collection(),
                text.path(),
                text.category(),
                "pdf",
                218_000,
                "abc",
                1,
                2,
                null,
                new ExtractedText("Parts", List.of(), pages));
        input.pipeInput(event.key(), Json.MAPPER.writeValueAsBytes(event));

        DocumentChunks document = chunks.readValue();
        Chunk last = document.chunks().get(document.chunks().size() - 1);
        assertEquals(5000, last.location().end(), "searchable to the last page");
        assertTrue(last.text().contains("Part 5000:"), last.text());
        assertTrue(document.chunks().size() < 2000, document.chunks().size() + " chunks");
        assertTrue(dlq.isEmpty(), "nothing cut, nothing to report");
    }
}
