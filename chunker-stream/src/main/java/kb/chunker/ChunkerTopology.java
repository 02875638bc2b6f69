package kb.chunker;

import io.micrometer.core.instrument.MeterRegistry;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.Json;
import kb.core.topics.KbTopics;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;

/**
 * file-events → (chunks, documents) | dlq, and the live lane file-events-live → chunks-live in a sub-topology of its
 * own (its own task, so the stream thread takes its records in turn with the backlog's rather than behind them by
 * timestamp). The live lane carries copies of events that are on file-events too: it writes no cards and no dead
 * letters (the main lane does, in the topic's order), only the chunks a person waits for. Built by one side-effect-free method, used by the service and by
 * the {@code TopologyTestDriver} tests alike. Every node is named so a new node never renames another.
 * Values are read as bytes so that undecodable input becomes a dead letter instead of a crashed thread.
 */
public final class ChunkerTopology {

    private ChunkerTopology() {}

    public static Topology build(ChunkerConfig config, MeterRegistry registry) {
        KbTopics topics = config.common().topics();
        DocumentAssembler assembler = new DocumentAssembler(config.maxChunkChars());
        RecordBudget budget = new RecordBudget(config.maxChunksPerDocument(), topics.maxValueBytes());
        ChunkerMetrics metrics = new ChunkerMetrics(registry);
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(
                        topics.fileEvents().name(),
                        Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("file-events-source"))
                .processValues(GenerationStamper::new, Named.as("stamp-generation"))
                .mapValues(
                        (path, bytes) -> metrics.record(decide(assembler, budget, path, bytes)),
                        Named.as("assemble-document"))
                .split(Named.as("outcome-"))
                .branch(
                        (path, outcome) -> outcome instanceof Outcome.Indexed,
                        Branched.withConsumer(indexed -> routeIndexed(indexed, topics), "indexed"))
                .branch(
                        (path, outcome) -> outcome instanceof Outcome.Deleted,
                        Branched.withConsumer(deleted -> routeDeleted(deleted, topics), "deleted"))
                .defaultBranch(Branched.withConsumer(failed -> routeFailed(failed, topics), "failed"));
        addLiveLane(builder, assembler, budget, topics);
        return builder.build();
    }

    /**
     * The live lane: chunked like the main lane, written as a copy to chunks-live (a tombstone for a delete). A copy
     * that fails is dropped; its main-topic record is dead-lettered in turn.
     */
    private static void addLiveLane(
            StreamsBuilder builder, DocumentAssembler assembler, RecordBudget budget, KbTopics topics) {
        builder.stream(
                        topics.fileEventsLive().name(),
                        Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("live-file-events-source"))
                .processValues(StampedOnly::new, Named.as("live-stamped-only"))
                .mapValues((path, bytes) -> decide(assembler, budget, path, bytes), Named.as("live-assemble-document"))
                .filter((path, outcome) -> !(outcome instanceof Outcome.Failed), Named.as("live-not-failed"))
                .map(
                        (path, outcome) -> outcome instanceof Outcome.Indexed indexed
                                ? KeyValue.pair(indexed.document().docId(), indexed.document())
                                : KeyValue.pair(((Outcome.Deleted) outcome).docId(), (DocumentChunks) null),
                        Named.as("live-key-by-doc-id"))
                .to(
                        topics.chunksLive().name(),
                        Produced.with(
                                        topics.chunksLive().keySerde(),
                                        topics.chunksLive().valueSerde())
                                .withName("live-chunks-sink"));
    }

    /** Never throws: whatever goes wrong with one record becomes its {@link Outcome.Failed}. */
    static Outcome decide(DocumentAssembler assembler, RecordBudget budget, String key, byte[] bytes) {
        try {
            if (key == null) {
                return new Outcome.Failed(bytes, "MissingKey", "file event has no key (collection:path)");
            }
            if (bytes == null) {
                return new Outcome.Deleted(Ids.docIdOfKey(key));
            }
            FileEvent event = Json.MAPPER.readValue(bytes, FileEvent.class);
            if (event.op() == FileEvent.Op.DELETE) {
                return new Outcome.Deleted(Ids.docIdOfKey(key));
            }
            if (!key.equals(event.key())) {
                return new Outcome.Failed(
                        bytes, "KeyMismatch", "key '" + key + "' but the event is of '" + event.key() + "'");
            }
            DocumentAssembler.Assembled assembled = assembler.read(event);
            RecordBudget.Fitted fitted = budget.fit(assembled.document());
            return new Outcome.Indexed(fitted.document(), fitted.truncation(), assembled.tooLarge());
        } catch (Exception e) {
            return new Outcome.Failed(bytes, e.getClass().getName(), String.valueOf(e.getMessage()));
        }
    }

    private static void routeIndexed(KStream<String, Outcome> indexed, KbTopics topics) {
        KStream<String, DocumentChunks> documents = indexed.map(
                (path, outcome) -> {
                    DocumentChunks document = ((Outcome.Indexed) outcome).document();
                    return KeyValue.pair(document.docId(), document);
                },
                Named.as("key-by-doc-id"));
        documents.to(
                topics.chunks().name(),
                Produced.with(topics.chunks().keySerde(), topics.chunks().valueSerde())
                        .withName("chunks-sink"));
        documents
                .mapValues(DocumentChunks::card, Named.as("card-of-document"))
                .to(
                        topics.documents().name(),
                        Produced.with(
                                        topics.documents().keySerde(),
                                        topics.documents().valueSerde())
                                .withName("documents-sink"));
        indexed.filter(
                        (path, outcome) ->
                                ((Outcome.Indexed) outcome).truncation().isPresent(),
                        Named.as("truncated-documents"))
                .process(TruncationNotice::new, Named.as("truncation-notice"))
                .to(
                        topics.dlq().name(),
                        Produced.with(topics.dlq().keySerde(), topics.dlq().valueSerde())
                                .withName("truncation-dlq-sink"));
        indexed.filter(
                        (path, outcome) -> ((Outcome.Indexed) outcome)
                                .frontmatterTooLarge()
                                .isPresent(),
                        Named.as("frontmatter-too-large"))
                .process(FrontmatterNotice::new, Named.as("frontmatter-notice"))
                .to(
                        topics.dlq().name(),
                        Produced.with(topics.dlq().keySerde(), topics.dlq().valueSerde())
                                .withName("frontmatter-dlq-sink"));
    }

    private static void routeDeleted(KStream<String, Outcome> deleted, KbTopics topics) {
        deleted.map(
                        (path, outcome) -> KeyValue.pair(((Outcome.Deleted) outcome).docId(), (DocumentChunks) null),
                        Named.as("chunks-tombstone"))
                .to(
                        topics.chunks().name(),
                        Produced.with(
                                        topics.chunks().keySerde(),
                                        topics.chunks().valueSerde())
                                .withName("chunks-tombstone-sink"));
        deleted.map(
                        (path, outcome) -> KeyValue.pair(((Outcome.Deleted) outcome).docId(), (DocumentCard) null),
                        Named.as("card-tombstone"))
                .to(
                        topics.documents().name(),
                        Produced.with(
                                        topics.documents().keySerde(),
                                        topics.documents().valueSerde())
                                .withName("documents-tombstone-sink"));
    }

    private static void routeFailed(KStream<String, Outcome> failed, KbTopics topics) {
        failed.process(DeadLetterProcessor::new, Named.as("dead-letter-reason"))
                .to(
                        topics.dlq().name(),
                        Produced.with(topics.dlq().keySerde(), topics.dlq().valueSerde())
                                .withName("dlq-sink"));
    }
}
