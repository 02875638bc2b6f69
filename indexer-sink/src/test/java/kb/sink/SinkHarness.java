package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.Ids;
import kb.core.NoteMeta;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.Generation;
import kb.core.topics.KbTopics;
import kb.core.topics.SinkGroups;
import kb.search.embed.Embedder;
import kb.search.embed.Embeddings;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkQueries;
import kb.search.es.EsClients;
import kb.sink.config.SinkConfig;
import kb.sink.write.DocumentWriter;
import kb.testkit.IsolatedSettings;
import kb.testkit.SharedInfrastructure;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The indexer sink alone on the shared broker and Elasticsearch, fed by records the test writes straight
 * onto its kb.chunks topic, so the write protocol can be driven record by record.
 */
final class SinkHarness implements AutoCloseable {

    final String prefix = IsolatedSettings.newPrefix();
    final KbTopics topics = KbTopics.withPrefix(prefix + ".");
    final ElasticsearchClient client;
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final KafkaProducer<String, DocumentChunks> producer;
    private final Settings settings;
    private IndexerSink sink;

    SinkHarness() throws Exception {
        this(Map.of());
    }

    /** @param extra settings beside the harness's own (topics, indexes, group) */
    SinkHarness(Map<String, String> extra) throws Exception {
        var infra = SharedInfrastructure.get();
        client = EsClients.create(infra.elasticsearchUrl());
        Map<String, String> all = new HashMap<>(extra);
        all.putAll(IsolatedSettings.under(prefix));
        all.put(KbSettings.KAFKA_BOOTSTRAP.name(), infra.bootstrapServers());
        all.put(KbSettings.ES_URL.name(), infra.elasticsearchUrl());
        settings = new Settings(all);
        Properties props = new Properties();
        props.put("bootstrap.servers", infra.bootstrapServers());
        producer = new KafkaProducer<>(
                props,
                topics.chunks().keySerde().serializer(),
                topics.chunks().valueSerde().serializer());
    }

    SinkHarness start() throws Exception {
        return start(SharedInfrastructure.embeddings());
    }

    SinkHarness start(Embedder embedder) throws Exception {
        return start(Embeddings.single(embedder));
    }

    SinkHarness start(Embeddings embeddings) throws Exception {
        return start(embeddings, DocumentWriter.Steps.NONE);
    }

    /** @param steps told at each step of every write, on the writing thread */
    SinkHarness start(DocumentWriter.Steps steps) throws Exception {
        return start(SharedInfrastructure.embeddings(), steps);
    }

    private SinkHarness start(Embeddings embeddings, DocumentWriter.Steps steps) throws Exception {
        sink = IndexerSink.create(
                SinkConfig.from(settings),
                client,
                embeddings,
                SinkHost.of(registry, Clock.systemUTC()).holding(steps));
        sink.start();
        return this;
    }

    IndexerSink sink() {
        return sink;
    }

    /** A document version with the given chunk texts. */
    static DocumentChunks document(String path, String... texts) {
        return document(path, List.of(), 1, texts);
    }

    /** The same with the card's keywords and the time the file was seen: a later version of the same text. */
    static DocumentChunks document(String path, List<String> keywords, long eventTime, String... texts) {
        String docId = Ids.docId("kb", path);
        List<Chunk> chunks = new ArrayList<>();
        for (String text : texts) {
            String enriched = "T\n\n" + text;
            chunks.add(new Chunk(Ids.chunkId(docId, enriched, 0), chunks.size(), null, text, enriched));
        }
        DocumentCard card = new DocumentCard(
                docId, "kb", path, "T", keywords, null, null, "md", "h", 1, chunks.size(), eventTime, NoteMeta.NONE);
        return new DocumentChunks(card, String.join("\n\n", texts), chunks);
    }

    /** @return the record's offset on kb.chunks */
    long send(String docId, DocumentChunks value, long generation) throws Exception {
        return send(topics.chunks().name(), docId, value, generation);
    }

    /**
     * A copy on the live lane (kb.chunks-live), as the chunker writes a person's edit there.
     *
     * @param generation the producer's stamp, or null for a copy without one
     * @return the record's offset on kb.chunks-live
     */
    long sendLive(String docId, DocumentChunks value, Long generation) throws Exception {
        return send(topics.chunksLive().name(), docId, value, generation);
    }

    private long send(String topic, String docId, DocumentChunks value, Long generation) throws Exception {
        ProducerRecord<String, DocumentChunks> record = new ProducerRecord<>(topic, docId, value);
        if (generation != null) {
            record.headers()
                    .add(
                            Generation.HEADER,
                            ByteBuffer.allocate(Long.BYTES).putLong(generation).array());
        }
        return producer.send(record).get().offset();
    }

    /** The offset the sink's group (of the served version) committed on kb.chunks (one partition), -1 for none. */
    long committedOffset() throws Exception {
        String group = new SinkGroups(prefix + "-indexer")
                .forVersion(sink.servingVersion().number());
        return committedOffset(group, topics.chunks().name());
    }

    /** The offset the served version's live-lane group committed on kb.chunks-live (one partition), -1 for none. */
    long committedLiveOffset() throws Exception {
        String group = new SinkGroups(prefix + "-indexer")
                .liveForVersion(sink.servingVersion().number());
        return committedOffset(group, topics.chunksLive().name());
    }

    private long committedOffset(String group, String topic) throws Exception {
        try (Admin admin = Admin.create(
                Map.of("bootstrap.servers", SharedInfrastructure.get().bootstrapServers()))) {
            var committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata()
                    .get(10, TimeUnit.SECONDS)
                    .get(new TopicPartition(topic, 0));
            return committed == null ? -1 : committed.offset();
        }
    }

    /** (chunk id, text) of every chunk of a document, sorted: what {@link #chunksOf} returns once it is written. */
    static List<String> expected(DocumentChunks document) {
        return document.chunks().stream()
                .map(c -> c.chunkId() + "|" + c.text())
                .sorted()
                .toList();
    }

    /** (chunk id, text) of every chunk of the document now searchable, sorted. */
    List<String> chunksOf(String docId) throws Exception {
        client.indices().refresh(r -> r.index(prefix + "-chunks"));
        var response = client.search(
                s -> s.index(prefix + "-chunks")
                        .size(1000)
                        .query(q -> q.term(t -> t.field("doc_id").value(docId))),
                ChunkDoc.class);
        return response.hits().hits().stream()
                .map(h -> h.source().chunkId() + "|" + h.source().text())
                .sorted()
                .toList();
    }

    /** Chunks of the index behind the alias still without a vector (after a refresh). */
    long awaitingVectors() throws Exception {
        client.indices().refresh(r -> r.index(prefix + "-chunks"));
        return client.count(c -> c.index(prefix + "-chunks").query(ChunkQueries.awaitingVector()))
                .count();
    }

    /** Documents whose chunks hold this word, by BM25 on the enriched text (what the search's lexical arm asks). */
    List<String> lexicalMatches(String word) throws Exception {
        client.indices().refresh(r -> r.index(prefix + "-chunks"));
        var response = client.search(
                s -> s.index(prefix + "-chunks")
                        .size(100)
                        .query(q -> q.match(m -> m.field("enriched_text").query(word))),
                ChunkDoc.class);
        return response.hits().hits().stream()
                .map(h -> h.source().docId())
                .distinct()
                .sorted()
                .toList();
    }

    boolean cardExists(String docId) throws Exception {
        return client.exists(e -> e.index(prefix + "-docs").id(docId)).value();
    }

    /** Every chunk (id, document, text) of the index behind the alias, sorted. */
    List<String> snapshot() throws Exception {
        client.indices().refresh(r -> r.index(prefix + "-chunks"));
        var response = client.search(s -> s.index(prefix + "-chunks").size(5000), ChunkDoc.class);
        return response.hits().hits().stream()
                .map(h -> h.source().chunkId() + "|" + h.source().docId() + "|"
                        + h.source().text())
                .sorted()
                .toList();
    }

    @Override
    public void close() throws Exception {
        if (sink != null) {
            sink.close();
        }
        producer.close();
        client._transport().close();
    }
}
