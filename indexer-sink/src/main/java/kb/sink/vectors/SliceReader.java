package kb.sink.vectors;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import kb.search.es.ChunkFields;
import kb.search.es.ChunkQueries;
import kb.sink.write.EmbeddingStage;

/**
 * Reads the vector pass's next slice from the chunk index: the newest chunks without a vector, their texts by
 * cache key, and the vectors a cache already holds for them. Thread-safe: the pass reads the next slice on its
 * writer thread while it embeds the current one.
 */
public final class SliceReader {

    /** What the vector pass reads of a chunk. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record PendingChunk(String chunkId, String docId, String enrichedText) {}

    /**
     * One slice: the chunks as read (with the sequence numbers their update is conditional on), each distinct text
     * by its cache key, and the vectors known for some of those keys.
     */
    record Slice(
            String index, List<Hit<PendingChunk>> pending, Map<String, String> textsByKey, Map<String, float[]> known) {

        boolean isEmpty() {
            return pending.isEmpty();
        }
    }

    private final ElasticsearchClient client;
    private final EmbeddingStage embeddings;
    private final int slice;
    private final AtomicLong awaiting;

    /** @param awaiting set to the number of chunks without a vector at each read (as of the last refresh) */
    SliceReader(ElasticsearchClient client, EmbeddingStage embeddings, int slice, AtomicLong awaiting) {
        this.client = client;
        this.embeddings = embeddings;
        this.slice = slice;
        this.awaiting = awaiting;
    }

    /** @param excluded chunk ids not to read (being updated, updated but not yet refreshed, unembeddable) */
    Slice read(String index, List<String> excluded) throws IOException {
        List<Hit<PendingChunk>> pending = scan(index, excluded);
        Map<String, String> textsByKey = new LinkedHashMap<>();
        for (Hit<PendingChunk> hit : pending) {
            textsByKey.putIfAbsent(
                    embeddings.keyOf(hit.source().enrichedText()), hit.source().enrichedText());
        }
        Map<String, float[]> known =
                textsByKey.isEmpty() ? Map.of() : embeddings.storedVectors(textsByKey.keySet(), index);
        return new Slice(index, pending, textsByKey, known);
    }

    private List<Hit<PendingChunk>> scan(String index, List<String> excluded) throws IOException {
        var response = client.search(
                s -> s.index(index)
                        .size(slice)
                        .trackTotalHits(t -> t.enabled(true))
                        .seqNoPrimaryTerm(true)
                        .query(q -> q.bool(b ->
                                b.filter(ChunkQueries.awaitingVector()).mustNot(m -> m.ids(i -> i.values(excluded)))))
                        // Newest change first (when the file was observed), then newest write: a large document written
                        // on its own lane after the small edits behind it must not take their turn.
                        .sort(o -> o.field(f -> f.field(ChunkFields.EVENT_TIME).order(SortOrder.Desc)))
                        .sort(o ->
                                o.field(f -> f.field(ChunkFields.INDEXED_TIME).order(SortOrder.Desc)))
                        .source(src -> src.filter(
                                f -> f.includes(ChunkFields.CHUNK_ID, ChunkFields.DOC_ID, ChunkFields.ENRICHED_TEXT))),
                PendingChunk.class);
        long total =
                response.hits().total() == null ? 0 : response.hits().total().value();
        awaiting.set(total);
        return response.hits().hits().stream()
                .filter(h -> h.source() != null && h.source().enrichedText() != null)
                .toList();
    }
}
