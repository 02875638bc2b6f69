package kb.ingest;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.DeadLetters;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import kb.ingest.publish.Catalogue;
import kb.ingest.publish.GenerationClock;
import kb.ingest.publish.Lane;
import kb.ingest.publish.LiveBudget;
import kb.ingest.publish.RepublishQueue;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes file versions, tombstones and dead letters, skipping anything the catalogue says is already
 * published (a touch, a duplicate watch event, a restart).
 */
final class EventPublisher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventPublisher.class);

    private final String collection;
    private final KbTopics topics;
    private final Catalogue catalogue;
    private final GenerationClock generations;
    private final LiveBudget liveBudget;
    private final Producer<String, byte[]> events;
    private final Producer<byte[], byte[]> deadLetters;
    private final RepublishQueue republish;
    private final MeterRegistry registry;
    private final Timer publishLatency;

    /** @param republish told of every send and its outcome: a failed one waits there to be published again */
    EventPublisher(
            KbTopics topics,
            Catalogue catalogue,
            GenerationClock generations,
            LiveBudget liveBudget,
            MeterRegistry registry,
            PublisherClients clients,
            RepublishQueue republish) {
        this.collection = catalogue.collection();
        this.topics = topics;
        this.catalogue = catalogue;
        this.generations = generations;
        this.liveBudget = liveBudget;
        this.registry = registry;
        this.events = clients.events();
        this.deadLetters = clients.deadLetters();
        this.republish = republish;
        this.publishLatency = Timer.builder("kb_producer_publish_latency").register(registry);
        // Registered at zero so dashboards and alerts have a series before the first event of each kind.
        for (String outcome : new String[] {"copied", "over_budget"}) {
            registry.counter("kb_producer_live_copies_total", "outcome", outcome);
        }
        for (String op : new String[] {"upsert", "delete"}) {
            registry.counter("kb_producer_events_published_total", "op", op);
            registry.counter("kb_producer_publish_errors_total", "op", op);
        }
        for (String reason : new String[] {"oversize", "binary", "invalid_utf8", "not_regular", "unreadable"}) {
            registry.counter("kb_producer_dlq_total", "reason", reason);
        }
    }

    /** @return true when something new was sent */
    boolean publishUpsert(FileEvent event, Lane lane) {
        if (catalogue.isCurrent(event.path(), event.sha256())) {
            return false;
        }
        byte[] value = topics.fileEvents()
                .valueSerde()
                .serializer()
                .serialize(topics.fileEvents().name(), event);
        if (value.length > topics.maxValueBytes()) {
            // JSON escapes a control character into six bytes: a file under the size cap can still be too big.
            publishRejected(
                    new FileReadResult.Rejected(
                            event.path(),
                            "oversize",
                            "RecordTooLarge",
                            "the file's event would be " + value.length + " bytes, the topic takes "
                                    + topics.maxValueBytes(),
                            event.sha256()),
                    lane);
            return false;
        }
        catalogue.put(event.path(), event.sha256());
        send(event.key(), value, new Sent(event.path(), event.sha256(), "upsert"), lane);
        return true;
    }

    /** @return true when a tombstone was sent */
    boolean publishDelete(String path, Lane lane) {
        if (!catalogue.contains(path)) {
            return false;
        }
        catalogue.remove(path);
        send(Ids.fileKey(collection, path), null, new Sent(path, null, "delete"), lane);
        return true;
    }

    /**
     * Withdraws a record published before collections existed: its file, if still there, is published under
     * its collection's key, and the old key must not keep a second, stale document alive.
     */
    void publishLegacyDelete(String key) {
        catalogue.forgetLegacy(key);
        send(key, null, new Sent(null, null, "delete"), Lane.SCAN);
    }

    /**
     * What one record says, for its callback.
     *
     * @param path the path of this collection the record is about, or null for a legacy key
     * @param sha256 the content published, or null for a tombstone
     */
    private record Sent(String path, String sha256, String op) {}

    /**
     * Synchronized: the watcher and the document lane both publish, and generations must reach the topic in the
     * order they were drawn. A live change is sent to the live lane first, with the same generation: the copy that
     * arrives second downstream is applied only if it is newer, so the two never reorder a file's versions. Only
     * the main topic's send decides whether the change counts as published (the live copy is never read back).
     *
     * @param value the serialized event, or null for a tombstone
     */
    private synchronized void send(String key, byte[] value, Sent sent, Lane lane) {
        if (sent.path() != null && republish.holdBack()) {
            unsent(sent); // the broker failed the last sends: the change waits with them for the next round's probe
            return;
        }
        long generation = generations.next();
        if (copiedLive(lane)) {
            ProducerRecord<String, byte[]> copy =
                    new ProducerRecord<>(topics.fileEventsLive().name(), key, value);
            Generation.write(copy.headers(), generation);
            events.send(copy, (metadata, error) -> {
                if (error != null) {
                    LOG.debug("could not copy the {} of {} to the live lane: it waits its turn", sent.op(), key, error);
                }
            });
        }
        ProducerRecord<String, byte[]> record =
                new ProducerRecord<>(topics.fileEvents().name(), key, value);
        Generation.write(record.headers(), generation);
        if (sent.path() != null) {
            republish.issued(sent.path());
        }
        long start = System.nanoTime();
        events.send(record, (metadata, error) -> {
            publishLatency.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            if (error == null) {
                registry.counter("kb_producer_events_published_total", "op", sent.op())
                        .increment();
                if (sent.path() != null) {
                    republish.landed(sent.path());
                }
            } else {
                registry.counter("kb_producer_publish_errors_total", "op", sent.op())
                        .increment();
                failed(key, sent, error);
            }
        });
    }

    /**
     * On the client's I/O thread: a send that did not land. Unless a newer send of the path went meanwhile (its own
     * outcome decides), the catalogue stops counting it as published and it waits to be published again.
     */
    private void failed(String key, Sent sent, Exception error) {
        if (sent.path() == null) {
            LOG.warn("could not withdraw the record {} published before collections: the next start does", key, error);
            return;
        }
        if (unsent(sent)) {
            LOG.warn(
                    "could not publish the {} of {} ({}): it and every change failing after it wait to be published"
                            + " again (kb_producer_republish_pending)",
                    sent.op(),
                    key,
                    error.toString());
        } else {
            LOG.debug("could not publish the {} of {}", sent.op(), key, error);
        }
    }

    /**
     * Unless a newer send of the path went meanwhile, the catalogue stops counting this one as published and the path
     * waits to be published again.
     *
     * @return true for the first failure after sends worked
     */
    private boolean unsent(Sent sent) {
        boolean newest = sent.sha256() == null
                ? catalogue.unsentDelete(sent.path())
                : catalogue.unsentUpsert(sent.path(), sent.sha256());
        return newest && republish.failed(sent.path());
    }

    /**
     * A file that cannot be ingested goes to the dead-letter topic with its reason, once per bad version (a
     * rescan or restart finding the same bad file reports nothing); a version of it that was indexed before
     * is withdrawn, since it no longer says what the file says.
     */
    void publishRejected(FileReadResult.Rejected rejected, Lane lane) {
        publishDelete(rejected.path(), lane);
        if (!catalogue.reject(rejected.path(), rejected.fingerprint())) {
            LOG.debug("{} still not ingested ({}), reported before", rejected.path(), rejected.reason());
            return;
        }
        byte[] key = Ids.fileKey(collection, rejected.path()).getBytes(StandardCharsets.UTF_8);
        byte[] value = describe(rejected);
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>(topics.dlq().name(), key, value);
        DeadLetters.addReason(record.headers(), Catalogue.STAGE, rejected.errorClass(), rejected.message());
        record.headers().add(DeadLetters.FINGERPRINT, rejected.fingerprint().getBytes(StandardCharsets.UTF_8));
        republish.issued(rejected.path());
        deadLetters.send(record, (metadata, error) -> {
            if (error == null) {
                republish.landed(rejected.path());
            } else {
                catalogue.forgetRejection(rejected.path()); // so reading it again reports it again
                republish.failed(rejected.path());
                LOG.debug("could not publish the dead letter of {}", rejected.path(), error);
            }
        });
        registry.counter("kb_producer_dlq_total", "reason", rejected.reason()).increment();
        LOG.warn("{} not ingested ({}): {}", rejected.path(), rejected.reason(), rejected.message());
    }

    /** The original value would be the file itself: too big or not text. A short description stands in. */
    private byte[] describe(FileReadResult.Rejected rejected) {
        try {
            return Json.MAPPER.writeValueAsBytes(
                    Map.of("collection", collection, "path", rejected.path(), "reason", rejected.reason()));
        } catch (JsonProcessingException e) {
            return rejected.path().getBytes(StandardCharsets.UTF_8);
        }
    }

    void flush() {
        events.flush();
        deadLetters.flush();
    }

    /** A watcher's change is copied to the live lane while the budget lasts (a burst goes in turn). */
    private boolean copiedLive(Lane lane) {
        if (lane == Lane.SCAN) {
            return false;
        }
        boolean copied = lane == Lane.NEWEST || liveBudget.take();
        registry.counter("kb_producer_live_copies_total", "outcome", copied ? "copied" : "over_budget")
                .increment();
        return copied;
    }

    @Override
    public void close() {
        events.close();
        deadLetters.close();
    }
}
