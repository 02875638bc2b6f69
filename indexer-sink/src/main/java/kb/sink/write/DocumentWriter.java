package kb.sink.write;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.Chunk;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.search.es.CardDoc;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;
import kb.search.text.LexicalAnalyzer;
import kb.sink.versions.IndexVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write protocol for one batch of document changes, fenced so that a writer holding an older version of a
 * document (the previous owner of a partition, still writing during a consumer-group rebalance) can never leave
 * it in the index over a newer one:
 * <ol>
 *   <li>read each document's state (generation, chunk ids); skip changes it already covers (replays);</li>
 *   <li>look up the vectors already known for the chunks' texts (ids are content-addressed: unchanged text
 *       keeps its vector); nothing is embedded here, so a document is searchable by its words at once;</li>
 *   <li>claim each document's state (pending, with the new generation) by compare-and-set on the state as read
 *       ({@link StateFence}); a writer that loses reads again and claims only if its version is still newer;</li>
 *   <li>one bulk: index the current chunks (with a vector when one is known, otherwise without: the
 *       vector pass, {@code VectorFiller}, adds it) and card, delete the chunk ids earlier versions may have left (a reader
 *       sees old and new swap within one refresh);</li>
 *   <li>only for documents whose every item succeeded, mark the claim applied (compare-and-set on the claim).</li>
 * </ol>
 *
 * <p>Every chunk and card write carries the generation as its external version ({@code external_gte}), so it
 * lands only over an older version: a slow writer that claimed first writes under a newer one in vain (409:
 * superseded, not an error). {@code _gte} because the vector pass's update (a seq_no-conditional partial update:
 * the update API has no external versioning) adds one to the version it finds; a newer generation may be the
 * very next offset. Elasticsearch keeps a delete's version only for {@code index.gc_deletes}, though, so a slow
 * writer could re-create a chunk or card a newer version deleted; its mark then fails (the newer version claimed
 * in between), and it deletes whatever it wrote that the recorded version lacks, at that version's generation
 * (which removes only what older writers wrote). So once the writers are done, the index holds the newest
 * claimed version's chunks and card, and nothing of any other version.
 *
 * <p>Every step is idempotent, so a batch retried after a failure or a restart leaves the same index.
 */
public final class DocumentWriter {

    private static final Logger LOG = LoggerFactory.getLogger(DocumentWriter.class);

    /** The points between a write's steps where a test can hold one writer while another one runs. */
    public enum Step {
        STATE_READ,
        CLAIMED,
        WRITTEN
    }

    /** Told when a write reaches a step; the sink's writers do nothing there. */
    @FunctionalInterface
    public interface Steps {
        Steps NONE = step -> {};

        void reached(Step step);
    }

    private final EmbeddingStage embeddings;
    private final StateFence fence;
    private final Clock clock;
    private final Steps steps;
    private final BulkExecutor bulk;

    public DocumentWriter(
            ElasticsearchClient client, EmbeddingStage embeddings, Clock clock, MeterRegistry registry, Steps steps) {
        this.embeddings = embeddings;
        this.fence = new StateFence(client);
        this.clock = clock;
        this.steps = steps;
        this.bulk = new BulkExecutor(client, registry);
    }

    /**
     * @param visibility whether the write refreshes the index, waits for its refresh or leaves it to the schedule
     * @throws RetriableWriteException when Elasticsearch is overloaded or unavailable: retry the batch
     */
    public BatchResult write(Collection<Change> changes, IndexVersion target, Visibility visibility)
            throws IOException {
        Map<String, StateFence.Read> states =
                fence.read(changes.stream().map(Change::docId).toList(), target.stateIndex());
        steps.reached(Step.STATE_READ);
        List<Change> fresh =
                changes.stream().filter(c -> !StateFence.covered(c, states)).toList();
        if (fresh.isEmpty()) {
            return new BatchResult(List.of(), changes.size(), List.of(), 0);
        }
        Map<String, EmbeddingStage.Embedded> vectors = embeddings.known(upsertedChunks(fresh), target.chunksIndex());
        // Built before claiming: a document that cannot even be turned into writes claims nothing.
        Map<String, List<BulkOperation>> writes = versionWrites(fresh, vectors, target);
        List<StateFence.Claim> claims = fence.claim(fresh, states, target.stateIndex());
        steps.reached(Step.CLAIMED);
        rememberDeleted(claims, target);
        Map<String, String> failures = bulk.execute(plan(claims, writes, target), visibility);
        steps.reached(Step.WRITTEN);
        List<Rejected> rejected = claims.stream()
                .filter(c -> failures.containsKey(c.change().docId()))
                .map(c -> new Rejected(c.change(), failures.get(c.change().docId())))
                .toList();
        List<Change> applied = settle(
                claims.stream()
                        .filter(c -> !failures.containsKey(c.change().docId()))
                        .toList(),
                target);
        long awaiting =
                vectors.values().stream().filter(e -> e.vector() == null).count();
        return new BatchResult(applied, changes.size() - applied.size() - rejected.size(), rejected, awaiting);
    }

    /**
     * Marks the fully written claims applied. One another writer overtook meanwhile is not applied: a newer
     * version (or the same one, taken over) is the document's now; what we may have written under it is repaired.
     */
    private List<Change> settle(List<StateFence.Claim> written, IndexVersion target) throws IOException {
        List<StateFence.Overtaken> overtaken = fence.settle(written, target.stateIndex());
        repair(overtaken, target);
        Set<String> lost = new HashSet<>();
        overtaken.forEach(o -> lost.add(o.claim().change().docId()));
        return written.stream()
                .map(StateFence.Claim::change)
                .filter(c -> !lost.contains(c.docId()))
                .toList();
    }

    private static List<Chunk> upsertedChunks(List<Change> fresh) {
        return fresh.stream()
                .filter(c -> !c.isDelete())
                .flatMap(c -> c.document().chunks().stream())
                .toList();
    }

    /** A deleted document's vectors stay in the cache for a while: it may be a rename. */
    private void rememberDeleted(List<StateFence.Claim> claims, IndexVersion target) throws IOException {
        List<String> ids = new ArrayList<>();
        for (StateFence.Claim claim : claims) {
            if (claim.change().isDelete()) {
                ids.addAll(claim.state().staleChunkIds());
            }
        }
        embeddings.remember(ids, target.chunksIndex());
    }

    /** Each version's own writes (chunks and card, or the card's delete), versioned by its generation. */
    private Map<String, List<BulkOperation>> versionWrites(
            List<Change> fresh, Map<String, EmbeddingStage.Embedded> vectors, IndexVersion target) {
        Map<String, List<BulkOperation>> writes = new HashMap<>();
        long now = clock.millis();
        for (Change change : fresh) {
            List<BulkOperation> ops = new ArrayList<>();
            long version = change.generation();
            if (change.isDelete()) {
                ops.add(PlannedBulk.delete(target.docsIndex(), change.docId(), version));
            } else {
                DocumentChunks document = change.document();
                for (Chunk chunk : document.chunks()) {
                    ChunkDoc doc = chunkDoc(document.card(), chunk, vectors.get(chunk.chunkId()), version, now);
                    ops.add(PlannedBulk.index(target.chunksIndex(), chunk.chunkId(), doc, version));
                }
                ops.add(PlannedBulk.index(target.docsIndex(), change.docId(), cardDoc(document, now), version));
            }
            writes.put(change.docId(), ops);
        }
        return writes;
    }

    /** The claimed versions' writes, and the deletes of what earlier versions may have left. */
    private static PlannedBulk plan(
            List<StateFence.Claim> claims, Map<String, List<BulkOperation>> writes, IndexVersion target) {
        PlannedBulk plan = new PlannedBulk();
        for (StateFence.Claim claim : claims) {
            String docId = claim.change().docId();
            writes.get(docId).forEach(op -> plan.add(docId, op));
            for (String id : claim.state().staleChunkIds()) {
                plan.add(
                        docId,
                        PlannedBulk.delete(
                                target.chunksIndex(), id, claim.change().generation()));
            }
        }
        return plan;
    }

    /**
     * A claim overtaken before it was settled: a newer version claimed in between and may have deleted a chunk
     * or the card before our writes landed; if Elasticsearch had already forgotten that delete (gc_deletes), our
     * write re-created it. Whatever we wrote that the recorded version lacks is deleted at that version's
     * generation: {@code external_gte} removes only what older versions wrote there, never its own or a newer
     * one's writes.
     */
    private void repair(List<StateFence.Overtaken> overtaken, IndexVersion target) throws IOException {
        PlannedBulk plan = new PlannedBulk();
        for (StateFence.Overtaken o : overtaken) {
            DocState ours = o.claim().state();
            DocState now = o.now();
            String docId = ours.docId();
            if (now.generation() == ours.generation()) {
                continue; // the same version, taken over by another writer: the same writes
            }
            Set<String> strays = new HashSet<>(ours.chunkIds());
            strays.removeAll(now.chunkIds());
            strays.forEach(id -> plan.add(docId, PlannedBulk.delete(target.chunksIndex(), id, now.generation())));
            if (now.deleted() && !ours.deleted()) {
                plan.add(docId, PlannedBulk.delete(target.docsIndex(), docId, now.generation()));
            }
        }
        bulk.execute(plan, Visibility.SCHEDULED)
                .forEach((docId, reason) ->
                        LOG.warn("could not remove an older version's writes of {}: {}", docId, reason));
    }

    private static ChunkDoc chunkDoc(
            DocumentCard card, Chunk chunk, EmbeddingStage.Embedded embedded, long generation, long now) {
        boolean cjk = ChunkFields.EMBEDDING_ZH.equals(embedded.field());
        LexicalAnalyzer lexical = LexicalAnalyzer.forIndex();
        return new ChunkDoc(
                chunk.chunkId(),
                card.docId(),
                card.collection(),
                card.path(),
                card.title(),
                card.category(),
                card.format(),
                chunk.sectionHeader(),
                chunk.text(),
                chunk.enrichedText(),
                card.keywords(),
                lexical.tokens(chunk.enrichedText()),
                card.title() == null ? null : lexical.tokens(card.title()),
                embedded.key(),
                generation,
                cjk ? null : embedded.vector(),
                cjk ? embedded.vector() : null,
                chunk.ordinal(),
                card.eventTime(),
                now,
                card.notes().tags(),
                card.notes().aliases(),
                card.notes().tagPaths(),
                card.notes().propertyTerms(),
                chunk.location());
    }

    private static CardDoc cardDoc(DocumentChunks document, long now) {
        return CardDoc.of(document.card(), document.content(), now);
    }

    /** A document Elasticsearch refused as invalid; it goes to the dead-letter topic. */
    public record Rejected(Change change, String reason) {}

    /**
     * @param applied              the changes now in the index
     * @param skipped              changes with nothing to do: replays, and versions a newer one superseded
     * @param chunksWithoutVectors chunks written with their text only, for the vector pass
     */
    public record BatchResult(List<Change> applied, int skipped, List<Rejected> rejected, long chunksWithoutVectors) {}
}
