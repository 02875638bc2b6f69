package kb.tools.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.json.JsonData;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import kb.search.es.ChunkFields;
import kb.search.es.IndexMeta;
import kb.search.es.VectorBytes;
import kb.search.es.VectorIndexBySize;

/**
 * Grows the chunk index to a target size for the query benchmark by copying the chunks the pipeline
 * indexed: each copy is another document ({@code replica/N/...}) whose vector is the original's, nudged by
 * deterministic noise (cosine about 0.97 to it), so the HNSW graph holds distinct points rather than
 * duplicates. The copies are removed afterwards by id, so the rest of the benchmark sees the real index.
 */
final class IndexReplicator implements AutoCloseable {

    private static final int BATCH = 500;
    private static final double NOISE = 0.012;

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final List<String> copies = new ArrayList<>();
    /** The pipeline's own chunks with their vectors, read at the first growth. */
    private List<Map<String, Object>> originals;
    /** Copies made of each original so far. */
    private int replicas;
    /** Every chunk's float vector by chunk id (originals and copies): the exact neighbours for recall. */
    private final Map<String, float[]> vectors = new HashMap<>();

    IndexReplicator(ElasticsearchClient client, String chunksAlias) {
        this.client = client;
        this.chunksAlias = chunksAlias;
    }

    /**
     * Adds copies until the index holds about {@code target} chunks; returns the chunk count reached. Called again
     * with a larger target, it goes on with new copies of the pipeline's own chunks (read once).
     */
    long growTo(long target) throws IOException {
        if (originals == null) {
            originals = readAll();
            originals.forEach(o -> keep(o));
        }
        Random random = new Random(7L * (replicas + 1));
        List<BulkOperation> ops = new ArrayList<>();
        long total = client.count(c -> c.index(chunksAlias)).count();
        while (total < target) {
            int replica = ++replicas;
            for (Map<String, Object> original : originals) {
                if (total >= target) {
                    break;
                }
                Map<String, Object> copy = copyOf(original, replica, random);
                String id = (String) copy.get(ChunkFields.CHUNK_ID);
                copies.add(id);
                keep(copy);
                ops.add(BulkOperation.of(
                        o -> o.index(x -> x.index(chunksAlias).id(id).document(copy))));
                total++;
                if (ops.size() == BATCH) {
                    bulk(ops);
                }
            }
        }
        bulk(ops);
        client.indices().refresh(r -> r.index(chunksAlias));
        awaitMergesSettled();
        return client.count(c -> c.index(chunksAlias)).count();
    }

    /**
     * Merging the segments of 100k fresh vectors rebuilds HNSW graphs for minutes and takes the CPU from the
     * queries: measuring then would time the merges. Waits (up to 15 minutes) until none runs.
     */
    private void awaitMergesSettled() throws IOException {
        long deadline = System.nanoTime() + Duration.ofMinutes(15).toNanos();
        while (System.nanoTime() < deadline) {
            var merges = client.indices()
                    .stats(s -> s.index(chunksAlias).metric("merge"))
                    .all()
                    .total()
                    .merges();
            if (merges == null || merges.current() == 0) {
                return;
            }
            try {
                Thread.sleep(1000); // polling Elasticsearch's merge count in a benchmark command
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Map<String, Object> copyOf(Map<String, Object> original, int replica, Random random) {
        Map<String, Object> copy = new HashMap<>(original);
        copy.put(ChunkFields.CHUNK_ID, original.get(ChunkFields.CHUNK_ID) + "-r" + replica);
        copy.put(ChunkFields.DOC_ID, original.get(ChunkFields.DOC_ID) + "-r" + replica);
        copy.put(ChunkFields.PATH, "replica/" + replica + "/" + original.get(ChunkFields.PATH));
        copy.remove("embedding_key"); // a nudged vector must never serve the sink's embedding cache
        float[] vector = nudged((float[]) original.get(ChunkFields.EMBEDDING), random);
        copy.put(ChunkFields.EMBEDDING, vector);
        copy.put(ChunkFields.VECTOR_BYTES, VectorBytes.encode(vector));
        return copy;
    }

    private static float[] nudged(float[] vector, Random random) {
        double[] v = new double[vector.length];
        double norm = 0;
        for (int i = 0; i < v.length; i++) {
            v[i] = vector[i] + NOISE * random.nextGaussian();
            norm += v[i] * v[i];
        }
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / Math.sqrt(norm));
        }
        return out;
    }

    /**
     * Every chunk with its vector as a float[] under {@link ChunkFields#EMBEDDING}, in pages ordered by chunk id. The
     * vector is read from {@link ChunkFields#VECTOR_BYTES}: the stored source does not hold it.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private List<Map<String, Object>> readAll() throws IOException {
        List<Map<String, Object>> all = new ArrayList<>();
        List<FieldValue> after = null;
        while (true) {
            List<FieldValue> from = after;
            var response = client.search(
                    s -> {
                        s.index(chunksAlias)
                                .size(1000)
                                .docvalueFields(d -> d.field(ChunkFields.VECTOR_BYTES))
                                .sort(o -> o.field(
                                        f -> f.field(ChunkFields.CHUNK_ID).order(SortOrder.Asc)));
                        return from == null ? s : s.searchAfter(from);
                    },
                    Map.class);
            List<? extends Hit<Map>> hits = response.hits().hits();
            if (hits.isEmpty()) {
                return all;
            }
            for (Hit<Map> hit : hits) {
                Map<String, Object> chunk = new HashMap<>((Map<String, Object>) hit.source());
                JsonData bytes = hit.fields().get(ChunkFields.VECTOR_BYTES);
                chunk.put(
                        ChunkFields.EMBEDDING,
                        bytes == null
                                ? null
                                : VectorBytes.decode(
                                        bytes.toJson().asJsonArray().getString(0)));
                all.add(chunk);
            }
            after = hits.get(hits.size() - 1).sort();
        }
    }

    private void bulk(List<BulkOperation> ops) throws IOException {
        if (ops.isEmpty()) {
            return;
        }
        BulkResponse response = client.bulk(b -> b.operations(ops));
        if (response.errors()) {
            throw new IOException("replica bulk failed: "
                    + response.items().stream()
                            .filter(i -> i.error() != null)
                            .findFirst()
                            .map(i -> i.error().reason())
                            .orElse("?"));
        }
        ops.clear();
    }

    /**
     * The vector index as the product leaves it at this size ({@link VectorIndexBySize}): below the threshold flat;
     * from it, given its graph, and the force merge that builds the graph for every segment waited for (up to an
     * hour), so the queries are timed on the settled index rather than during the build.
     *
     * @return the {@code index_options} type the vectors now have, and the seconds the switch took
     */
    Settled settleVectorIndex() throws IOException {
        long start = System.nanoTime();
        VectorIndexBySize bySize = new VectorIndexBySize(client, chunksAlias);
        bySize.applyIfGrown(false);
        String index = IndexMeta.indexBehind(client, chunksAlias);
        var vector = client.indices()
                .getMapping(m -> m.index(index))
                .result()
                .get(index)
                .mappings()
                .properties()
                .get(ChunkFields.EMBEDDING)
                .denseVector();
        String type = vector.indexOptions() == null
                ? "?"
                : vector.indexOptions().type().jsonValue();
        if (type.endsWith("hnsw")) {
            String task = client.indices()
                    .forcemerge(f -> f.index(index).maxNumSegments(1L).waitForCompletion(false))
                    .task();
            awaitTask(task, Duration.ofHours(1));
        }
        return new Settled(type, (System.nanoTime() - start) / 1e9);
    }

    /** @param seconds the time the switch and its merge took (0 for an index that stays flat) */
    record Settled(String indexType, double seconds) {}

    private void awaitTask(String task, Duration limit) throws IOException {
        if (task == null) {
            return;
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline
                && !client.tasks().get(t -> t.taskId(task)).completed()) {
            try {
                Thread.sleep(2000); // polling a force merge's task in a benchmark command
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        client.indices().refresh(r -> r.index(chunksAlias));
    }

    private void keep(Map<String, Object> chunk) {
        float[] vector = (float[]) chunk.get(ChunkFields.EMBEDDING);
        if (vector != null) {
            vectors.put((String) chunk.get(ChunkFields.CHUNK_ID), vector);
        }
    }

    /** Every chunk's float vector by chunk id, as written (Elasticsearch's embedded scripting cannot score them). */
    Map<String, float[]> vectors() {
        return vectors;
    }

    /** The index's size on disk (primaries), in bytes. */
    long sizeOnDisk() throws IOException {
        var store = client.indices()
                .stats(s -> s.index(chunksAlias).metric("store"))
                .all()
                .primaries()
                .store();
        return store == null ? 0 : store.sizeInBytes();
    }

    /** Deletes every copy, so the pipeline's own counts hold again. */
    @Override
    public void close() throws IOException {
        List<BulkOperation> ops = new ArrayList<>();
        for (String id : copies) {
            ops.add(BulkOperation.of(o -> o.delete(d -> d.index(chunksAlias).id(id))));
            if (ops.size() == BATCH) {
                bulk(ops);
            }
        }
        bulk(ops);
        copies.clear();
        client.indices().refresh(r -> r.index(chunksAlias));
    }
}
