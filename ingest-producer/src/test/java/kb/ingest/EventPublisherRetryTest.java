package kb.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import kb.core.FileEvent;
import kb.core.topics.KbTopics;
import kb.ingest.publish.Catalogue;
import kb.ingest.publish.GenerationClock;
import kb.ingest.publish.Lane;
import kb.ingest.publish.LiveBudget;
import kb.ingest.publish.RepublishQueue;
import kb.ingest.testing.ManualClock;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * A send whose failure comes back to its callback (a batch refused as out of order by a loaded broker, a delivery
 * timeout while it is down) is not believed published: it waits to be published again, unless a newer send of the
 * same path went meanwhile.
 */
class EventPublisherRetryTest {

    private final ManualClock clock = new ManualClock();
    private final Catalogue catalogue = new Catalogue("notes");
    private final RepublishQueue republish = new RepublishQueue(clock);
    private final MockProducer<String, byte[]> events =
            new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer());
    private final MockProducer<byte[], byte[]> deadLetters =
            new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
    private final EventPublisher publisher = new EventPublisher(
            KbTopics.withPrefix("t."),
            catalogue,
            new GenerationClock(clock, 0),
            new LiveBudget(clock),
            new SimpleMeterRegistry(),
            new PublisherClients(events, deadLetters),
            republish);

    private static FileEvent event(String path, String sha256) {
        return new FileEvent(
                FileEvent.SCHEMA_VERSION, FileEvent.Op.UPSERT, "notes", path, null, "md", 1, sha256, 0, 0, "x", null);
    }

    @Test
    void shouldPublishAgainAnUpsertWhoseBatchWasRefusedAsOutOfOrder() {
        assertTrue(publisher.publishUpsert(event("a.md", "h1"), Lane.SCAN));
        events.errorNext(new OutOfOrderSequenceException("the broker received an out of order sequence number"));
        assertEquals(1, republish.size());
        assertFalse(catalogue.settled("a.md"));
        assertTrue(catalogue.contains("a.md"), "still listed: a delete meanwhile withdraws it");
        clock.millis += 1000;
        assertEquals(List.of("a.md"), republish.takeDue());
        assertTrue(publisher.publishUpsert(event("a.md", "h1"), Lane.SCAN), "the same content is sent again");
        republish.settle("a.md");
        assertEquals(1, republish.size(), "on its way: its outcome decides");
        events.completeNext();
        assertEquals(0, republish.size());
        assertTrue(catalogue.isCurrent("a.md", "h1"));
    }

    @Test
    void shouldWithdrawAgainADeleteThatTimedOut() {
        catalogue.put("a.md", "h1");
        assertTrue(publisher.publishDelete("a.md", Lane.LIVE));
        events.errorNext(new TimeoutException("the live copy expired"));
        assertEquals(0, republish.size(), "the live copy is never read back: only the main send decides");
        events.errorNext(new TimeoutException("expired: 5000 ms has passed since batch creation"));
        assertEquals(1, republish.size());
        assertTrue(catalogue.contains("a.md"), "listed again, so the next look withdraws it");
        clock.millis += 1000;
        assertEquals(List.of("a.md"), republish.takeDue());
        assertTrue(publisher.publishDelete("a.md", Lane.SCAN));
        events.completeNext();
        assertEquals(0, republish.size());
        assertFalse(catalogue.contains("a.md"));
        assertNull(events.history().get(events.history().size() - 1).value(), "a tombstone");
    }

    @Test
    void shouldLeaveAFailureToTheNewerSendOfThePath() {
        publisher.publishUpsert(event("a.md", "h1"), Lane.SCAN);
        publisher.publishUpsert(event("a.md", "h2"), Lane.SCAN);
        events.errorNext(new TimeoutException("expired"));
        assertEquals(0, republish.size(), "h2 is on its way: its outcome decides");
        assertTrue(catalogue.isCurrent("a.md", "h2"));
        events.errorNext(new TimeoutException("expired"));
        assertEquals(1, republish.size());
        assertFalse(catalogue.settled("a.md"));
    }

    @Test
    void shouldHoldBackTheSendsAfterAFailureUntilAProbeLands() {
        publisher.publishUpsert(event("a.md", "h1"), Lane.SCAN);
        events.errorNext(new TimeoutException("expired"));
        assertTrue(publisher.publishUpsert(event("b.md", "h1"), Lane.LIVE));
        assertEquals(1, events.history().size(), "b.md is not sent while the broker fails: it waits with a.md");
        assertEquals(2, republish.size());
        assertFalse(catalogue.settled("b.md"));
        clock.millis += 1000;
        assertEquals(
                List.of("a.md", "b.md"), republish.takeDue().stream().sorted().toList());
        publisher.publishUpsert(event("a.md", "h1"), Lane.SCAN);
        publisher.publishUpsert(event("b.md", "h1"), Lane.SCAN);
        assertEquals(2, events.history().size(), "only the round's first send goes");
        events.completeNext();
        assertEquals(1, republish.size(), "b.md waits for the next round, which goes at once");
        assertEquals(List.of("b.md"), republish.takeDue());
        publisher.publishUpsert(event("b.md", "h1"), Lane.SCAN);
        events.completeNext();
        assertEquals(0, republish.size());
        assertTrue(catalogue.isCurrent("b.md", "h1"));
    }
}
