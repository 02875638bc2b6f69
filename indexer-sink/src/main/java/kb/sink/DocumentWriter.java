package kb.sink;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.es.CardDoc;
import kb.core.es.ChunkDoc;
import kb.core.es.ChunkFields;
import kb.core.text.LexicalAnalyzer;

/**
 * The write protocol for one batch of document changes:
 * <ol>
 *   <li>read each document's state (generation, chunk ids); skip changes not newer than it (replays);</li>
 *   <li>look up the vectors already known for the chunks' texts (ids are content-addressed: unchanged text
 *       keeps its vector); nothing is embedded here, so a document is searchable by its words at once;</li>
 *   <li>one bulk: index the current chunks (with a vector when one is known, otherwise without: the
 *       {@link VectorFiller} adds it) and card, delete the chunk ids the document no longer has (a reader
 *       sees old and new swap within one refresh);</li>
 *   <li>only for documents whose every item succeeded, record the new state (kept after a delete, so an
 *       old upsert replayed later is recognised and skipped).</li>
 * </ol>
 * Every step is idempotent, so a batch retried after a failure or a restart leaves the same index.
 */
public final class DocumentWriter {

    /** Polls of up to this many records are live edits: their writes wait for the refresh. */
    static final int LIVE_BATCH = 32;

    private final ElasticsearchClient client;
    private final EmbeddingStage embeddings;
    private final Clock clock;
    private final io.micrometer.core.instrument.MeterRegistry registry;
    private final io.micrometer.core.instrument.Timer bulkLatency;

    public DocumentWriter(ElasticsearchClient client, EmbeddingStage embeddings, Clock clock,
                          io.micrometer.core.instrument.MeterRegistry registry) {
        this.client = client;
        this.embeddings = embeddings;
        this.clock = clock;
        this.registry = registry;
        this.bulkLatency = io.micrometer.core.instrument.Timer.builder("kb_sink_bulk_latency").register(registry);
        for (String outcome : new String[]{"ok", "not_found", "retriable", "rejected"}) {
            registry.counter("kb_sink_bulk_items_total", "outcome", outcome);
        }
    }

    /**
     * @param live a few live edits: the write waits for the refresh, so "written" means searchable (a backlog
     *             does not wait)
     * @throws RetriableWriteException when Elasticsearch is overloaded or unavailable: retry the batch
     */
    public BatchResult write(Collection<Change> changes, IndexVersion target, boolean live) throws IOException {
        Map<String, DocState> states = readStates(changes.stream().map(Change::docId).toList(), target.stateIndex());
        List<Change> fresh = changes.stream()
                .filter(c -> !states.containsKey(c.docId()) || c.generation() > states.get(c.docId()).generation())
                .toList();
        if (fresh.isEmpty()) {
            return new BatchResult(List.of(), changes.size(), List.of(), 0);
        }
        rememberDeleted(fresh, states, target);
        Map<String, EmbeddingStage.Embedded> vectors = embeddings.known(upsertedChunks(fresh), target.chunksIndex());
        PlannedBulk plan = plan(fresh, states, vectors, target);
        Map<String, String> failures = execute(plan, live);
        List<Rejected> rejected = new ArrayList<>();
        List<Change> applied = new ArrayList<>();
        for (Change change : fresh) {
            String failure = failures.get(change.docId());
            if (failure == null) {
                applied.add(change);
            } else {
                rejected.add(new Rejected(change, failure));
            }
        }
        writeStates(applied, target.stateIndex());
        long awaiting = vectors.values().stream().filter(e -> e.vector() == null).count();
        return new BatchResult(applied, changes.size() - fresh.size(), rejected, awaiting);
    }

    private Map<String, DocState> readStates(List<String> docIds, String stateIndex) throws IOException {
        Map<String, DocState> states = new HashMap<>();
        var response = client.mget(m -> m.index(stateIndex).ids(docIds), DocState.class);
        for (MultiGetResponseItem<DocState> item : response.docs()) {
            if (item.isResult() && item.result().found() && item.result().source() != null) {
                states.put(item.result().id(), item.result().source());
            }
        }
        return states;
    }

    private static List<Chunk> upsertedChunks(List<Change> fresh) {
        return fresh.stream().filter(c -> !c.isDelete()).flatMap(c -> c.document().chunks().stream()).toList();
    }

    /** A deleted document's vectors stay in the cache for a while: it may be a rename. */
    private void rememberDeleted(List<Change> fresh, Map<String, DocState> states, IndexVersion target)
            throws IOException {
        List<String> ids = new ArrayList<>();
        for (Change change : fresh) {
            DocState state = states.get(change.docId());
            if (change.isDelete() && state != null) {
                ids.addAll(state.chunkIds());
            }
        }
        embeddings.remember(ids, target.chunksIndex());
    }

    private PlannedBulk plan(List<Change> fresh, Map<String, DocState> states, Map<String, EmbeddingStage.Embedded> vectors,
                             IndexVersion target) {
        PlannedBulk plan = new PlannedBulk();
        long now = clock.millis();
        for (Change change : fresh) {
            DocState state = states.get(change.docId());
            Set<String> stale = new HashSet<>(state == null ? List.of() : state.chunkIds());
            if (change.isDelete()) {
                plan.add(change.docId(), BulkOperation.of(o -> o.delete(d -> d.index(target.docsIndex()).id(change.docId()))));
            } else {
                DocumentChunks document = change.document();
                for (Chunk chunk : document.chunks()) {
                    stale.remove(chunk.chunkId());
                    EmbeddingStage.Embedded embedded = vectors.get(chunk.chunkId());
                    ChunkDoc doc = chunkDoc(document.card(), chunk, embedded, change.generation(), now);
                    plan.add(change.docId(), BulkOperation.of(o -> o.index(i -> i.index(target.chunksIndex())
                            .id(chunk.chunkId()).document(doc))));
                }
                CardDoc card = cardDoc(document, now);
                plan.add(change.docId(), BulkOperation.of(o -> o.index(i -> i.index(target.docsIndex())
                        .id(change.docId()).document(card))));
            }
            for (String id : stale) {
                plan.add(change.docId(), BulkOperation.of(o -> o.delete(d -> d.index(target.chunksIndex()).id(id))));
            }
        }
        return plan;
    }

    /** @return doc id → reason, for documents Elasticsearch rejected as invalid */
    private Map<String, String> execute(PlannedBulk plan, boolean waitForRefresh) throws IOException {
        long start = System.nanoTime();
        BulkResponse response = client.bulk(BulkRequest.of(b -> waitForRefresh
                ? b.operations(plan.operations).refresh(co.elastic.clients.elasticsearch._types.Refresh.WaitFor)
                : b.operations(plan.operations)));
        bulkLatency.record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
        Map<String, String> failures = new LinkedHashMap<>();
        List<BulkResponseItem> items = response.items();
        for (int i = 0; i < items.size(); i++) {
            BulkResponseItem item = items.get(i);
            registry.counter("kb_sink_bulk_items_total", "outcome", outcome(item)).increment();
            if (item.error() == null || isMissingDelete(item)) {
                continue;
            }
            if (item.status() == 429 || item.status() >= 500) {
                throw new RetriableWriteException("bulk item rejected with status " + item.status() + ": "
                        + item.error().reason());
            }
            failures.putIfAbsent(plan.docIds.get(i), item.error().type() + ": " + item.error().reason());
        }
        return failures;
    }

    private static String outcome(BulkResponseItem item) {
        if (item.error() == null) {
            return "ok";
        }
        if (isMissingDelete(item)) {
            return "not_found";
        }
        return item.status() == 429 || item.status() >= 500 ? "retriable" : "rejected";
    }

    private static boolean isMissingDelete(BulkResponseItem item) {
        return item.status() == 404;
    }

    private void writeStates(List<Change> applied, String stateIndex) throws IOException {
        if (applied.isEmpty()) {
            return;
        }
        List<BulkOperation> ops = new ArrayList<>();
        for (Change change : applied) {
            List<String> ids = change.isDelete() ? List.of()
                    : change.document().chunks().stream().map(Chunk::chunkId).toList();
            DocState state = new DocState(change.docId(), change.generation(), ids, change.isDelete());
            ops.add(BulkOperation.of(o -> o.index(i -> i.index(stateIndex).id(change.docId()).document(state))));
        }
        BulkResponse response = client.bulk(b -> b.operations(ops));
        if (response.errors()) {
            throw new RetriableWriteException("could not record document state: " + response.items().stream()
                    .filter(i -> i.error() != null).map(i -> i.error().reason()).findFirst().orElse("?"));
        }
    }

    private static ChunkDoc chunkDoc(DocumentCard card, Chunk chunk, EmbeddingStage.Embedded embedded,
                                     long generation, long now) {
        boolean cjk = ChunkFields.EMBEDDING_ZH.equals(embedded.field());
        LexicalAnalyzer lexical = LexicalAnalyzer.forIndex();
        return new ChunkDoc(chunk.chunkId(), card.docId(), card.path(), card.title(), card.category(), card.format(),
                chunk.sectionHeader(), chunk.text(), chunk.enrichedText(), card.keywords(),
                lexical.tokens(chunk.enrichedText()), card.title() == null ? null : lexical.tokens(card.title()),
                embedded.key(), generation, cjk ? null : embedded.vector(), cjk ? embedded.vector() : null,
                chunk.ordinal(), card.eventTime(), now);
    }

    private static CardDoc cardDoc(DocumentChunks document, long now) {
        DocumentCard c = document.card();
        return new CardDoc(c.docId(), c.path(), c.title(), c.keywords(), c.summary(), c.category(), c.format(),
                c.contentHash(), c.size(), c.chunkCount(), c.eventTime(), now, document.content());
    }

    /** Operations in order, with the document each one belongs to (bulk items answer in the same order). */
    private static final class PlannedBulk {
        private final List<BulkOperation> operations = new ArrayList<>();
        private final List<String> docIds = new ArrayList<>();

        void add(String docId, BulkOperation operation) {
            operations.add(operation);
            docIds.add(docId);
        }
    }

    /** A document Elasticsearch refused as invalid; it goes to the dead-letter topic. */
    public record Rejected(Change change, String reason) {
    }

    /**
     * @param applied              the changes now in the index
     * @param chunksWithoutVectors chunks written with their text only, for the vector pass
     */
    public record BatchResult(List<Change> applied, int skipped, List<Rejected> rejected, long chunksWithoutVectors) {
    }
}
