package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import kb.core.es.ChunkDoc;
import kb.core.es.ChunkFields;

/**
 * Both retrieval arms in one round trip ({@code _msearch}): BM25 over {@code enriched_text} and kNN over
 * {@code embedding}, with the same optional category filter. The query text only ever goes into a
 * {@code match} query, so no input can change the query's structure.
 */
public final class ChunkRetriever {

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final int numCandidates;

    public ChunkRetriever(ElasticsearchClient client, String chunksAlias, int numCandidates) {
        this.client = client;
        this.chunksAlias = chunksAlias;
        this.numCandidates = numCandidates;
    }

    /**
     * @param lexicalQuery the text for BM25, or null to skip that arm
     * @param vector       the query's embedding, or null to skip that arm
     */
    public ArmHits retrieve(String lexicalQuery, float[] vector, String category, int bm25Size, int knnSize)
            throws IOException {
        return retrieve(lexicalQuery, vector, category, bm25Size, knnSize, List.of(), 0);
    }

    /**
     * @param l0DocIds   documents L0 matched: a third search returns their chunks (best BM25 first), so exact
     *                   keyword matches take part in the fusion even when neither arm found them
     * @param titleBoost above 0, BM25 also matches the title field with this boost
     */
    public ArmHits retrieve(String lexicalQuery, float[] vector, String category, int bm25Size, int knnSize,
                            List<String> l0DocIds, double titleBoost) throws IOException {
        List<Float> queryVector = vector == null ? null : toList(vector);
        Query filter = category == null ? null : Query.of(q -> q.term(t -> t.field(ChunkFields.CATEGORY).value(category)));
        MsearchResponse<ChunkDoc> response = client.msearch(m -> {
            m.index(chunksAlias);
            m.searches(s -> s.header(h -> h).body(b -> b
                    .query(bm25Query(lexicalQuery, filter, titleBoost))
                    .size(lexicalQuery == null ? 0 : bm25Size)
                    .source(src -> src.filter(f -> f.excludes(ChunkFields.EMBEDDING)))));
            if (!l0DocIds.isEmpty()) {
                m.searches(s -> s.header(h -> h).body(b -> b
                        .query(l0Query(lexicalQuery, l0DocIds))
                        .size(bm25Size)
                        .source(src -> src.filter(f -> f.excludes(ChunkFields.EMBEDDING)))));
            }
            if (queryVector != null) {
                m.searches(s -> s.header(h -> h).body(b -> b
                        .knn(k -> {
                            k.field(ChunkFields.EMBEDDING).queryVector(queryVector).k(knnSize)
                                    .numCandidates(Math.max(numCandidates, knnSize));
                            return filter == null ? k : k.filter(filter);
                        })
                        .size(knnSize)
                        .source(src -> src.filter(f -> f.excludes(ChunkFields.EMBEDDING)))));
            }
            return m;
        }, ChunkDoc.class);
        int next = 0;
        List<Hit<ChunkDoc>> bm25 = hits(response.responses().get(next++));
        List<Hit<ChunkDoc>> l0 = l0DocIds.isEmpty() ? List.of() : hits(response.responses().get(next++));
        List<Hit<ChunkDoc>> knn = queryVector == null ? List.of() : hits(response.responses().get(next));
        double bestCosine = knn.isEmpty() ? -1 : 2 * knn.get(0).score() - 1; // ES scores cosine as (1 + cos) / 2
        return new ArmHits(sources(bm25), sources(knn), sources(l0), bestCosine, scores(bm25), scores(knn));
    }

    private static Query l0Query(String text, List<String> docIds) {
        List<co.elastic.clients.elasticsearch._types.FieldValue> ids = docIds.stream()
                .map(co.elastic.clients.elasticsearch._types.FieldValue::of).toList();
        return Query.of(q -> q.bool(b -> {
            b.filter(f -> f.terms(t -> t.field(ChunkFields.DOC_ID).terms(v -> v.value(ids))));
            return text == null ? b : b.should(s -> s.match(mm -> mm.field(ChunkFields.ENRICHED_TEXT).query(text)));
        }));
    }

    private static Query bm25Query(String text, Query filter, double titleBoost) {
        if (text == null) {
            return Query.of(q -> q.matchNone(n -> n));
        }
        return Query.of(q -> q.bool(b -> {
            b.must(m -> m.match(mm -> mm.field(ChunkFields.ENRICHED_TEXT).query(text)));
            if (titleBoost > 0) {
                b.should(s -> s.match(mm -> mm.field(ChunkFields.TITLE).query(text).boost((float) titleBoost)));
            }
            return filter == null ? b : b.filter(filter);
        }));
    }

    private static List<Hit<ChunkDoc>> hits(MultiSearchResponseItem<ChunkDoc> item) throws IOException {
        if (item.isFailure()) {
            throw new IOException("search failed: " + item.failure().error().reason());
        }
        return item.result().hits().hits();
    }

    private static List<ChunkDoc> sources(List<Hit<ChunkDoc>> hits) {
        return hits.stream().map(Hit::source).toList();
    }

    private static List<Double> scores(List<Hit<ChunkDoc>> hits) {
        return hits.stream().map(h -> h.score() == null ? 0.0 : h.score()).toList();
    }

    private static List<Float> toList(float[] vector) {
        List<Float> list = new ArrayList<>(vector.length);
        for (float v : vector) {
            list.add(v);
        }
        return list;
    }
}
