package kb.tools.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.search.Hit;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import kb.core.settings.KbSettings;
import kb.search.embed.Embedder;
import kb.search.es.ChunkFields;

/**
 * Recall@10 of the vector arm as served (a kNN with the served candidates and float rescoring, on whatever index
 * the vectors have: flat or HNSW) against the exact ten nearest chunks by their float vectors (brute force over
 * every chunk's vector, in the bench): the share of the exact ten the served search returns.
 */
final class VectorRecall {

    private static final int K = 10;

    private VectorRecall() {}

    /**
     * @param vectors every chunk's float vector by chunk id (the embedded Elasticsearch has no scripting to score
     *                them exactly itself)
     */
    static double measure(
            ElasticsearchClient client,
            String chunksAlias,
            Embedder embedder,
            List<String> queries,
            Map<String, float[]> vectors)
            throws IOException {
        long found = 0;
        long wanted = 0;
        for (String query : queries) {
            float[] vector = embedder.embedQuery(query);
            Set<String> exact = exact(vectors, vector);
            Set<String> served = served(client, chunksAlias, vector);
            wanted += exact.size();
            found += exact.stream().filter(served::contains).count();
        }
        return wanted == 0 ? Double.NaN : (double) found / wanted;
    }

    /** The served kNN's ten first (k as the served window, candidates and oversampling as configured by default). */
    private static Set<String> served(ElasticsearchClient client, String alias, float[] vector) throws IOException {
        List<Float> query = toList(vector);
        int window = KbSettings.KNN_WINDOW.fallback();
        int candidates = Math.max(KbSettings.KNN_CANDIDATES.fallback(), window);
        float oversample = KbSettings.KNN_OVERSAMPLE.fallback().floatValue();
        var response = client.search(
                s -> s.index(alias)
                        .knn(k -> k.field(ChunkFields.EMBEDDING)
                                .queryVector(query)
                                .k(window)
                                .numCandidates(candidates)
                                .rescoreVector(r -> r.oversample(oversample)))
                        .size(K)
                        .source(src -> src.filter(f -> f.includes(ChunkFields.CHUNK_ID))),
                Map.class);
        return ids(response.hits().hits());
    }

    /** The exact ten nearest by cosine of the float vectors (all unit length: the dot product), every chunk compared. */
    private static Set<String> exact(Map<String, float[]> vectors, float[] query) {
        PriorityQueue<Map.Entry<String, Double>> best = new PriorityQueue<>(Map.Entry.comparingByValue());
        for (Map.Entry<String, float[]> chunk : vectors.entrySet()) {
            float[] v = chunk.getValue();
            double dot = 0;
            double norm = 0;
            for (int i = 0; i < v.length; i++) {
                dot += v[i] * query[i];
                norm += v[i] * v[i];
            }
            best.add(Map.entry(chunk.getKey(), dot / Math.sqrt(norm)));
            if (best.size() > K) {
                best.poll();
            }
        }
        Set<String> ids = new HashSet<>();
        best.forEach(e -> ids.add(e.getKey()));
        return ids;
    }

    @SuppressWarnings("rawtypes")
    private static Set<String> ids(List<? extends Hit<Map>> hits) {
        Set<String> ids = new HashSet<>();
        hits.forEach(h -> ids.add(String.valueOf(h.source().get(ChunkFields.CHUNK_ID))));
        return ids;
    }

    private static List<Float> toList(float[] vector) {
        Float[] boxed = new Float[vector.length];
        for (int i = 0; i < vector.length; i++) {
            boxed[i] = vector[i];
        }
        return List.of(boxed);
    }
}
