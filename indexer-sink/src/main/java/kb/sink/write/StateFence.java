package kb.sink.write;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-document state docs as a fence between writers of the same document (during a consumer-group
 * rebalance the old owner of a partition may still be writing while the new one starts).
 *
 * <p>A state doc changes only by compare-and-set: {@code if_seq_no}/{@code if_primary_term} of the state as
 * read, or {@code create} when there is none. Of writers that read the same state, one claims it and the
 * others read again, and a writer only claims a generation newer than the one recorded (or the same one, still
 * pending: a retry, or a takeover of a writer that stopped). A change is claimed (pending) before any of its
 * writes and marked applied after them by another compare-and-set on its own claim; that mark fails exactly
 * when another writer claimed the document in between, so a writer learns after its writes whether a newer
 * version may have been written under it (see {@link DocumentWriter} for what it then repairs).
 */
public final class StateFence {

    /** Claim rounds before the batch is retried from the start: each lost round means another writer advanced. */
    private static final int MAX_ROUNDS = 8;

    /** A state as read, with where it stands for a compare-and-set. */
    record Read(DocState state, long seqNo, long primaryTerm) {}

    /** A change this writer holds the claim for, and where its claim stands. */
    record Claim(Change change, DocState state, long seqNo, long primaryTerm) {}

    /** A claim another writer's claim replaced before it was settled, and the state recorded now. */
    record Overtaken(Claim claim, DocState now) {}

    private final ElasticsearchClient client;

    StateFence(ElasticsearchClient client) {
        this.client = client;
    }

    /** Real-time reads (the translog, not the last refresh): what a compare-and-set will be checked against. */
    Map<String, Read> read(Collection<String> docIds, String index) throws IOException {
        Map<String, Read> states = new HashMap<>();
        if (docIds.isEmpty()) {
            return states;
        }
        var response = client.mget(m -> m.index(index).ids(List.copyOf(docIds)), DocState.class);
        for (MultiGetResponseItem<DocState> item : response.docs()) {
            if (item.isResult() && item.result().found() && item.result().source() != null) {
                var result = item.result();
                states.put(result.id(), new Read(result.source(), result.seqNo(), result.primaryTerm()));
            }
        }
        return states;
    }

    /** Whether the state recorded leaves nothing for the change to do (a replay, or a newer version). */
    static boolean covered(Change change, Map<String, Read> states) {
        Read read = states.get(change.docId());
        return read != null && read.state().covers(change.generation());
    }

    /**
     * Claims each change over the state read; a change whose state another writer changed meanwhile is read
     * again and claimed again, unless that writer's version covers it.
     *
     * @param changes changes not covered by {@code states}
     * @return the claims won; the changes left out are covered by a newer (or the same, applied) version
     */
    List<Claim> claim(Collection<Change> changes, Map<String, Read> states, String index) throws IOException {
        List<Claim> won = new ArrayList<>();
        List<Change> open = List.copyOf(changes);
        Map<String, Read> read = states;
        for (int round = 1; !open.isEmpty(); round++) {
            if (round > MAX_ROUNDS) {
                throw new RetriableWriteException("document states still contended after " + MAX_ROUNDS + " rounds");
            }
            List<Change> contested = claimOnce(open, read, index, won);
            read = read(contested.stream().map(Change::docId).toList(), index);
            Map<String, Read> now = read;
            open = contested.stream().filter(c -> !covered(c, now)).toList();
        }
        return won;
    }

    /** @return the changes whose state changed since it was read */
    private List<Change> claimOnce(List<Change> changes, Map<String, Read> states, String index, List<Claim> won)
            throws IOException {
        List<DocState> claimed = new ArrayList<>();
        List<BulkOperation> ops = new ArrayList<>();
        for (Change change : changes) {
            Read read = states.get(change.docId());
            DocState state = DocState.claim(change, read == null ? null : read.state());
            claimed.add(state);
            ops.add(read == null ? create(index, state) : replace(index, state, read.seqNo(), read.primaryTerm()));
        }
        List<BulkResponseItem> items = client.bulk(b -> b.operations(ops)).items();
        List<Change> contested = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            BulkResponseItem item = items.get(i);
            if (item.error() == null) {
                won.add(new Claim(changes.get(i), claimed.get(i), item.seqNo(), item.primaryTerm()));
            } else if (item.status() == 409) {
                contested.add(changes.get(i));
            } else {
                throw failure("could not claim document state", item);
            }
        }
        return contested;
    }

    /**
     * Marks each claim applied, if it is still the state recorded.
     *
     * @return the claims another writer's claim replaced meanwhile, with the state recorded now
     */
    List<Overtaken> settle(List<Claim> claims, String index) throws IOException {
        if (claims.isEmpty()) {
            return List.of();
        }
        List<BulkOperation> ops = claims.stream()
                .map(c -> replace(index, c.state().applied(), c.seqNo(), c.primaryTerm()))
                .toList();
        List<BulkResponseItem> items = client.bulk(b -> b.operations(ops)).items();
        List<Claim> overtaken = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            BulkResponseItem item = items.get(i);
            if (item.status() == 409) {
                overtaken.add(claims.get(i));
            } else if (item.error() != null) {
                throw failure("could not record document state", item);
            }
        }
        if (overtaken.isEmpty()) {
            return List.of();
        }
        Map<String, Read> now =
                read(overtaken.stream().map(c -> c.change().docId()).toList(), index);
        return overtaken.stream()
                .filter(c -> now.containsKey(c.change().docId()))
                .map(c -> new Overtaken(c, now.get(c.change().docId()).state()))
                .toList();
    }

    private static BulkOperation create(String index, DocState state) {
        return BulkOperation.of(
                o -> o.create(c -> c.index(index).id(state.docId()).document(state)));
    }

    private static BulkOperation replace(String index, DocState state, long seqNo, long primaryTerm) {
        return BulkOperation.of(o -> o.index(i ->
                i.index(index).id(state.docId()).document(state).ifSeqNo(seqNo).ifPrimaryTerm(primaryTerm)));
    }

    private static RuntimeException failure(String what, BulkResponseItem item) {
        String message =
                what + ": status " + item.status() + ": " + item.error().reason();
        return item.status() == 429 || item.status() >= 500
                ? new RetriableWriteException(message)
                : new IllegalStateException(message);
    }
}
