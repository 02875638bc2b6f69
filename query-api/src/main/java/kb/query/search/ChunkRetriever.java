package kb.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.KnnSearch;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import kb.query.config.VectorSearch;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.TermStatistics;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;
import kb.search.text.LexicalAnalyzer;

/**
 * Both retrieval arms in one round trip ({@code _msearch}): BM25 over {@code lexical_text} and kNN over the
 * vector field(s) of the question's script(s), with the same optional collection and category filter. The query text only ever goes into a
 * {@code match} query, so no input can change the query's structure.
 */
public final class ChunkRetriever {

    private static final String DOCUMENTS = "documents";
    private static final String KEYWORD = "keyword_";
    /** Exact document counts up to this many (Elasticsearch's maximum); approximate beyond. */
    private static final int PRECISE_COUNT = 40_000;
    /** Sections listed for a lookup's primary document (a search's default result window). */
    private static final int MAX_CHUNKS_OF_DOCUMENT = 10_000;

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final VectorSearch vectorSearch;
    private final TermStatistics termStatistics;
    private final ServingIndex serving;
    /** Index-only fields a reader never needs: vectors and analysed terms. */
    private static final List<String> NOT_RETURNED = List.of(
            ChunkFields.EMBEDDING, ChunkFields.EMBEDDING_ZH, ChunkFields.LEXICAL_TEXT, ChunkFields.LEXICAL_TITLE);

    public ChunkRetriever(ElasticsearchClient client, kb.search.es.IndexNames names, VectorSearch vectorSearch) {
        this.client = client;
        this.chunksAlias = names.chunksAlias();
        this.vectorSearch = vectorSearch;
        this.serving = new ServingIndex(client, names);
        this.termStatistics = new TermStatistics(client, chunksAlias);
    }

    /** What the alias serves (mapping version, migration), read at most every few seconds. */
    ServingIndex.Format servingFormat() throws IOException {
        return serving.format();
    }

    /** A question's embedding for one vector field. */
    public record QueryVector(String field, float[] vector) {}

    /**
     * @param lexicalQuery the text for BM25, or null to skip that arm
     * @param vectors      the query's embeddings, one per vector field to search; empty to skip that arm
     */
    public ArmHits retrieve(String lexicalQuery, List<QueryVector> vectors, Scope scope, int bm25Size, int knnSize)
            throws IOException {
        return retrieve(lexicalQuery, vectors, List.of(), scope, bm25Size, knnSize, List.of(), 0, List.of());
    }

    /**
     * @param l0DocIds   documents L0 matched: a third search returns their chunks (best BM25 first), so exact
     *                   keyword matches take part in the fusion even when neither arm found them
     * @param titleBoost above 0, BM25 also matches the title field with this boost
     * @param keywords   matched L0 keywords whose spread through the corpus's text is counted (see
     *                   {@link CorpusStats}); with a lexical query, its tokens' chunk frequencies are read too
     */
    /** @param cross the question's embeddings for the other script's field: an arm of their own */
    public ArmHits retrieve(
            String lexicalQuery,
            List<QueryVector> vectors,
            List<QueryVector> cross,
            Scope scope,
            int bm25Size,
            int knnSize,
            List<String> l0DocIds,
            double titleBoost,
            List<String> keywords)
            throws IOException {
        ServingIndex.Format format = serving.format();
        LexicalFields lexical = format.hasLexicalFields() ? LexicalFields.ANALYSED : LexicalFields.LEGACY;
        String terms = lexical.query(lexicalQuery);
        List<QueryVector> searchable = vectors.stream()
                .filter(v -> format.vectorFields().contains(v.field()))
                .toList();
        List<QueryVector> crossSearchable = cross.stream()
                .filter(v -> format.vectorFields().contains(v.field()))
                .toList();
        Query filter = scope.filter();
        MsearchResponse<ChunkDoc> response = client.msearch(
                m -> {
                    m.index(chunksAlias);
                    m.searches(s -> s.header(h -> h).body(b -> b.query(bm25Query(lexical, terms, filter, titleBoost))
                            .size(terms == null ? 0 : bm25Size)
                            // Equal scores (the same text in two pages) in the chunks' own order, not in the
                            // order the index happened to be written: two indexes of a folder rank alike.
                            .sort(o -> o.score(sc -> sc.order(SortOrder.Desc)))
                            .sort(o -> o.field(f -> f.field(ChunkFields.CHUNK_ID)))
                            .trackScores(true)
                            .source(src -> src.filter(f -> f.excludes(NOT_RETURNED)))));
                    if (!l0DocIds.isEmpty()) {
                        m.searches(s -> s.header(h -> h).body(b -> b.query(l0Query(lexical, terms, l0DocIds))
                                .size(bm25Size)
                                .source(src -> src.filter(f -> f.excludes(NOT_RETURNED)))));
                    }
                    for (QueryVector vector : java.util.stream.Stream.concat(
                                    searchable.stream(), crossSearchable.stream())
                            .toList()) {
                        List<Float> queryVector = toList(vector.vector());
                        m.searches(s -> s.header(h -> h).body(b -> b.knn(k -> {
                                    knn(k, vector.field(), queryVector, knnSize);
                                    return filter == null ? k : k.filter(filter);
                                })
                                .size(knnSize)
                                .source(src -> src.filter(f -> f.excludes(NOT_RETURNED)))));
                    }
                    if (!keywords.isEmpty()) {
                        // Only keywords need document counts: a question without L0 hits pays no aggregation.
                        m.searches(s -> s.header(h -> h).body(b -> statsSearch(b, keywords)));
                    }
                    return m;
                },
                ChunkDoc.class);
        int next = 0;
        List<Hit<ChunkDoc>> bm25 = hits(response.responses().get(next++));
        List<Hit<ChunkDoc>> l0 =
                l0DocIds.isEmpty() ? List.of() : hits(response.responses().get(next++));
        List<List<Hit<ChunkDoc>>> knn = new ArrayList<>();
        for (QueryVector vector : vectors) {
            // A field the served index does not have yet (a migration is building it) answers nothing.
            knn.add(searchable.contains(vector) ? hits(response.responses().get(next++)) : List.of());
        }
        List<List<Hit<ChunkDoc>>> crossKnn = new ArrayList<>();
        for (QueryVector vector : crossSearchable) {
            crossKnn.add(hits(response.responses().get(next++)));
        }
        CorpusStats corpus = keywords.isEmpty()
                ? CorpusStats.UNKNOWN
                : stats(response.responses().get(next), keywords);
        if (terms != null) {
            corpus = termStatistics.read(lexical.text(), terms, corpus);
        }
        List<Hit<ChunkDoc>> vectorHits = byRankInTurn(knn);
        List<Hit<ChunkDoc>> crossHits = byRankInTurn(crossKnn);
        List<Double> best =
                knn.stream().map(h -> h.isEmpty() ? -1.0 : cosine(h.get(0))).toList();
        return new ArmHits(
                sources(bm25),
                sources(vectorHits),
                sources(l0),
                best,
                scores(bm25),
                vectorHits.stream().map(ChunkRetriever::cosine).toList(),
                corpus,
                sources(crossHits),
                crossHits.stream().map(ChunkRetriever::cosine).toList());
    }

    /** The k nearest chunks of one vector field, rescored with their float vectors when configured. */
    private KnnSearch.Builder knn(KnnSearch.Builder k, String field, List<Float> vector, int size) {
        k.field(field).queryVector(vector).k(size).numCandidates(Math.max(vectorSearch.candidates(), size));
        return vectorSearch.rescores() ? k.rescoreVector(r -> r.oversample((float) vectorSearch.oversample())) : k;
    }

    /** ES scores a cosine-similarity kNN hit as (1 + cos) / 2. */
    private static double cosine(Hit<?> hit) {
        return hit.score() == null ? -1 : 2 * hit.score() - 1;
    }

    /**
     * One list from the kNN lists of several vector fields: first of each, then second of each, and so on.
     * Cosines of two models are not comparable, ranks are; a chunk has one vector, so no chunk is in two lists.
     */
    static <T> List<T> byRankInTurn(List<List<T>> lists) {
        List<T> merged = new ArrayList<>();
        int longest = lists.stream().mapToInt(List::size).max().orElse(0);
        for (int rank = 0; rank < longest; rank++) {
            for (List<T> list : lists) {
                if (rank < list.size()) {
                    merged.add(list.get(rank));
                }
            }
        }
        return merged;
    }

    /** Chunks that have their vector (the rest wait for the sink's vector pass). */
    public long embeddedChunks() throws IOException {
        return client.count(c -> c.index(chunksAlias)
                        .query(q -> q.bool(b -> b.mustNot(kb.search.es.ChunkQueries.awaitingVector()))))
                .count();
    }

    /** Chunks read for pseudo-questions at most (by chunk id, so the same ones every time). */
    private static final int MAX_SAMPLED_CHUNKS = 10_000;

    /** Chunks without vectors or analysed terms, by chunk id: what pseudo-questions are made from. */
    public List<ChunkDoc> sampleChunks() throws IOException {
        return sources(client.search(
                        s -> s.index(chunksAlias)
                                .size(MAX_SAMPLED_CHUNKS)
                                .sort(o -> o.field(f -> f.field(ChunkFields.CHUNK_ID)))
                                .source(src -> src.filter(f -> f.excludes(NOT_RETURNED))),
                        ChunkDoc.class)
                .hits()
                .hits());
    }

    /**
     * Merges away the deleted versions of chunks once none awaits its vector, and makes the result visible. Every
     * chunk is written twice (its text, then its vector) and BM25 counts the first version until a merge drops it,
     * so without this two indexes of one folder score the same question differently, by how their merges fell.
     *
     * @return whether there was anything to merge away
     */
    public boolean expungeDeletes() throws IOException {
        if (!hasDeletesToExpunge()) {
            return false;
        }
        client.indices().forcemerge(f -> f.index(chunksAlias).onlyExpungeDeletes(true));
        client.indices().refresh(r -> r.index(chunksAlias));
        return true;
    }

    /** Whether {@link #expungeDeletes} has work: every chunk has its vector and deleted versions remain. */
    public boolean hasDeletesToExpunge() throws IOException {
        if (awaitingVectors() > 0) {
            return false;
        }
        var docs = client.indices()
                .stats(s -> s.index(chunksAlias).metric("docs"))
                .all()
                .primaries()
                .docs();
        return docs != null && docs.deleted() != null && docs.deleted() > 0;
    }

    /** Chunks still waiting for their vector. */
    public long awaitingVectors() throws IOException {
        return client.count(c -> c.index(chunksAlias).query(kb.search.es.ChunkQueries.awaitingVector()))
                .count();
    }

    /** A document's chunks in their order in the file (their sections), without embeddings. */
    public List<ChunkDoc> chunksOf(String docId) throws IOException {
        return sources(client.search(
                        s -> s.index(chunksAlias)
                                .size(MAX_CHUNKS_OF_DOCUMENT)
                                .query(q ->
                                        q.term(t -> t.field(ChunkFields.DOC_ID).value(docId)))
                                .sort(o -> o.field(f -> f.field(ChunkFields.ORDINAL)))
                                .source(src -> src.filter(f -> f.excludes(NOT_RETURNED))),
                        ChunkDoc.class)
                .hits()
                .hits());
    }

    /** The best cosine similarity in the corpus for each vector (one kNN search each, in one round trip). */
    public List<Double> bestCosines(List<QueryVector> all) throws IOException {
        java.util.Set<String> fields = serving.format().vectorFields();
        List<QueryVector> vectors =
                all.stream().filter(v -> fields.contains(v.field())).toList();
        if (vectors.isEmpty()) {
            return all.stream().map(v -> -1.0).toList();
        }
        MsearchResponse<Void> response = client.msearch(
                m -> {
                    m.index(chunksAlias);
                    for (QueryVector vector : vectors) {
                        List<Float> queryVector = toList(vector.vector());
                        m.searches(s -> s.header(h -> h).body(b -> b.knn(k -> knn(k, vector.field(), queryVector, 1))
                                .size(1)
                                .source(src -> src.fetch(false))));
                    }
                    return m;
                },
                Void.class);
        java.util.Iterator<MultiSearchResponseItem<Void>> items =
                response.responses().iterator();
        List<Double> best = new ArrayList<>();
        for (QueryVector vector : all) {
            if (!fields.contains(vector.field())) {
                best.add(-1.0); // not in the served index yet: no nearest neighbour
                continue;
            }
            MultiSearchResponseItem<Void> item = items.next();
            if (item.isFailure()) {
                throw new IOException("search failed: " + item.failure().error().reason());
            }
            var hits = item.result().hits().hits();
            best.add(hits.isEmpty() ? -1 : cosine(hits.get(0)));
        }
        return best;
    }

    /** Documents in the index, and for each keyword the documents whose text holds it as a phrase. */
    private static co.elastic.clients.elasticsearch.core.msearch.MultisearchBody.Builder statsSearch(
            co.elastic.clients.elasticsearch.core.msearch.MultisearchBody.Builder body, List<String> keywords) {
        body.size(0)
                .aggregations(
                        DOCUMENTS,
                        a -> a.cardinality(c -> c.field(ChunkFields.DOC_ID).precisionThreshold(PRECISE_COUNT)));
        for (int i = 0; i < keywords.size(); i++) {
            String keyword = keywords.get(i);
            body.aggregations(KEYWORD + i, a -> a.filter(f -> f.matchPhrase(
                            p -> p.field(ChunkFields.ENRICHED_TEXT).query(keyword)))
                    .aggregations(
                            DOCUMENTS,
                            d -> d.cardinality(c -> c.field(ChunkFields.DOC_ID).precisionThreshold(PRECISE_COUNT))));
        }
        return body;
    }

    private static CorpusStats stats(MultiSearchResponseItem<ChunkDoc> item, List<String> keywords) throws IOException {
        if (item.isFailure()) {
            throw new IOException("statistics failed: " + item.failure().error().reason());
        }
        var aggregations = item.result().aggregations();
        java.util.Map<String, Long> counts = new java.util.HashMap<>();
        for (int i = 0; i < keywords.size(); i++) {
            counts.put(
                    keywords.get(i),
                    aggregations
                            .get(KEYWORD + i)
                            .filter()
                            .aggregations()
                            .get(DOCUMENTS)
                            .cardinality()
                            .value());
        }
        return new CorpusStats(aggregations.get(DOCUMENTS).cardinality().value(), 0, counts, java.util.Map.of());
    }

    /**
     * The fields BM25 searches and the question's form for them: the Java-analysed terms on an index built with
     * the lexical fields; the raw words on an older one, still served while the sink builds its successor.
     */
    record LexicalFields(String text, String title, boolean analysed) {

        static final LexicalFields ANALYSED =
                new LexicalFields(ChunkFields.LEXICAL_TEXT, ChunkFields.LEXICAL_TITLE, true);
        static final LexicalFields LEGACY = new LexicalFields(ChunkFields.ENRICHED_TEXT, ChunkFields.TITLE, false);

        /** The BM25 query text, or null when there is nothing to search for. */
        String query(String words) {
            if (words == null || words.isBlank()) {
                return null;
            }
            String query = analysed ? LexicalAnalyzer.forIndex().queryTokens(words) : words;
            return query.isBlank() ? null : query;
        }
    }

    private static Query l0Query(LexicalFields lexical, String text, List<String> docIds) {
        List<co.elastic.clients.elasticsearch._types.FieldValue> ids = docIds.stream()
                .map(co.elastic.clients.elasticsearch._types.FieldValue::of)
                .toList();
        return Query.of(q -> q.bool(b -> {
            b.filter(f -> f.terms(t -> t.field(ChunkFields.DOC_ID).terms(v -> v.value(ids))));
            return text == null
                    ? b
                    : b.should(s -> s.match(mm -> mm.field(lexical.text()).query(text)));
        }));
    }

    private static Query bm25Query(LexicalFields lexical, String text, Query filter, double titleBoost) {
        if (text == null) {
            return Query.of(q -> q.matchNone(n -> n));
        }
        return Query.of(q -> q.bool(b -> {
            b.must(m -> m.match(mm -> mm.field(lexical.text()).query(text)));
            if (titleBoost > 0) {
                b.should(
                        s -> s.match(mm -> mm.field(lexical.title()).query(text).boost((float) titleBoost)));
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
