package kb.query.documents;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import kb.query.search.Scope;
import kb.search.es.CardDoc;
import kb.search.es.ChunkFields;
import kb.search.es.ChunkQueries;

/** Reads documents (cards and content) from the document index. */
public final class DocumentCatalog {

    /** Elasticsearch's default {@code index.max_result_window}: from + size beyond it is refused. */
    static final int RESULT_WINDOW = 10_000;
    /** Unmapped in an index of before collections (the migration rebuilds it): sorted as missing there. */
    private static final SortOptions BY_COLLECTION = SortOptions.of(o -> o.field(f -> f.field(ChunkFields.COLLECTION)
            .order(SortOrder.Asc)
            .unmappedType(co.elastic.clients.elasticsearch._types.mapping.FieldType.Keyword)));

    private static final SortOptions BY_PATH =
            SortOptions.of(o -> o.field(f -> f.field(ChunkFields.PATH).order(SortOrder.Asc)));
    private static final SortOptions BY_ID =
            SortOptions.of(o -> o.field(f -> f.field(ChunkFields.DOC_ID).order(SortOrder.Asc)));
    private static final SortOptions BY_TIME =
            SortOptions.of(o -> o.field(f -> f.field(ChunkFields.EVENT_TIME).order(SortOrder.Desc)));
    private static final List<SortOptions> BY_NAME = List.of(BY_COLLECTION, BY_PATH, BY_ID);

    private final ElasticsearchClient client;
    private final String docsAlias;

    public DocumentCatalog(ElasticsearchClient client, String docsAlias) {
        this.client = client;
        this.docsAlias = docsAlias;
    }

    /**
     * A page of documents ordered by path, content left out. Pages past Elasticsearch's result window
     * ({@code index.max_result_window}, 10,000) are reached with {@code search_after}, so every document
     * can be listed.
     */
    public DocumentPage list(int page, int size) throws IOException {
        return list(page, size, Scope.ALL);
    }

    /** @param scope only the documents of this collection and category */
    public DocumentPage list(int page, int size, Scope scope) throws IOException {
        return list(page, size, scope, false);
    }

    /**
     * @param recentFirst ordered by the time of the version indexed, newest first, instead of by collection and
     *                    path
     */
    public DocumentPage list(int page, int size, Scope scope, boolean recentFirst) throws IOException {
        List<SortOptions> order = recentFirst ? List.of(BY_TIME, BY_COLLECTION, BY_PATH, BY_ID) : BY_NAME;
        long skip = (long) page * size;
        Query filter = scope.filter();
        List<FieldValue> after = skip + size > RESULT_WINDOW ? sortValuesAt(skip, filter, order) : null;
        if (skip + size > RESULT_WINDOW && after == null) {
            return new DocumentPage(List.of(), page, size, total(filter));
        }
        SearchResponse<CardDoc> response = client.search(
                s -> {
                    s.index(docsAlias)
                            .size(size)
                            .trackTotalHits(t -> t.enabled(true))
                            .sort(order)
                            .source(src -> src.filter(f -> f.excludes(ChunkFields.CONTENT)));
                    if (filter != null) {
                        s.query(filter);
                    }
                    return after == null ? s.from((int) skip) : s.searchAfter(after);
                },
                CardDoc.class);
        List<DocumentSummary> documents = response.hits().hits().stream()
                .map(Hit::source)
                .map(DocumentSummary::of)
                .toList();
        long total = response.hits().total() == null
                ? documents.size()
                : response.hits().total().value();
        return new DocumentPage(documents, page, size, total);
    }

    /** The sort values of the document at position {@code skip - 1}, walked a window at a time; null past the end. */
    private List<FieldValue> sortValuesAt(long skip, Query filter, List<SortOptions> order) throws IOException {
        List<FieldValue> after = null;
        for (long walked = 0; walked < skip; ) {
            int batch = (int) Math.min(RESULT_WINDOW, skip - walked);
            List<FieldValue> from = after;
            List<Hit<Void>> hits = client.search(
                            s -> {
                                s.index(docsAlias).size(batch).sort(order).source(src -> src.fetch(false));
                                if (filter != null) {
                                    s.query(filter);
                                }
                                return from == null ? s : s.searchAfter(from);
                            },
                            Void.class)
                    .hits()
                    .hits();
            if (hits.size() < batch) {
                return null;
            }
            after = hits.get(hits.size() - 1).sort();
            walked += batch;
        }
        return after;
    }

    private long total(Query filter) throws IOException {
        return client.count(c ->
                        filter == null ? c.index(docsAlias) : c.index(docsAlias).query(filter))
                .count();
    }

    /** Documents per collection (a document indexed before collections existed counts under none). */
    public Map<String, Long> countsByCollection() throws IOException {
        var response = client.search(
                s -> s.index(docsAlias)
                        .size(0)
                        .aggregations(
                                "collections",
                                a -> a.terms(
                                        t -> t.field(ChunkFields.COLLECTION).size(1000))),
                Void.class);
        Map<String, Long> counts = new TreeMap<>();
        response.aggregations()
                .get("collections")
                .sterms()
                .buckets()
                .array()
                .forEach(b -> counts.put(b.key().stringValue(), b.docCount()));
        return counts;
    }

    /** The documents changed last (by the observed time of the version indexed), newest first, content left out. */
    public List<DocumentSummary> recent(int size) throws IOException {
        return client
                .search(
                        s -> s.index(docsAlias)
                                .size(size)
                                .sort(o -> o.field(
                                        f -> f.field(ChunkFields.EVENT_TIME).order(SortOrder.Desc)))
                                .sort(BY_PATH)
                                .source(src -> src.filter(f -> f.excludes(ChunkFields.CONTENT))),
                        CardDoc.class)
                .hits()
                .hits()
                .stream()
                .map(Hit::source)
                .map(DocumentSummary::of)
                .toList();
    }

    /** The most used tags (as the index compares them: lower case) with their documents, most used first. */
    public List<TagCount> tagCounts(int size) throws IOException {
        var response = client.search(
                s -> s.index(docsAlias)
                        .size(0)
                        .aggregations(
                                "tags",
                                a -> a.terms(t -> t.field(ChunkFields.TAGS).size(size))),
                Void.class);
        return response.aggregations().get("tags").sterms().buckets().array().stream()
                .map(b -> new TagCount(b.key().stringValue(), b.docCount()))
                .toList();
    }

    /** A tag and the documents carrying it. */
    public record TagCount(String tag, long documents) {}

    public Optional<CardDoc> get(String docId) throws IOException {
        GetResponse<CardDoc> response = client.get(g -> g.index(docsAlias).id(docId), CardDoc.class);
        return response.found() ? Optional.ofNullable(response.source()) : Optional.empty();
    }

    /** How far a version of a document is searchable. */
    public enum Visibility {
        /** Its card or some of its chunks are not visible to a search yet. */
        NOT_YET,
        /** Found by its words (BM25, keywords), but some chunks still await their vector: not yet by meaning. */
        WORDS,
        /** Whole: its card and every chunk, text and vector. */
        WHOLE
    }

    /**
     * How far this version of the document (its file's SHA-256) is searchable: its card found by a search (not a get,
     * which sees writes before a refresh does) and as many of its chunks as the card counts, of that version (the
     * sink writes every chunk with the card's event time), found by a count; then whether they all have their vector.
     * The card and chunk indexes refresh apart, so both are asked. Words alone are not enough for a hybrid search:
     * while a chunk has no vector, the fusion can rank its document below ten neighbours in meaning (measured: 20 of
     * 100 fresh notes were missed by their own unique word).
     */
    public Visibility visibility(String docId, String contentHash, String chunksAlias) throws IOException {
        List<Hit<CardDoc>> cards = client.search(
                        s -> s.index(docsAlias)
                                .size(1)
                                .query(q -> q.bool(b -> b.filter(f -> f.term(
                                                t -> t.field(ChunkFields.DOC_ID).value(docId)))
                                        .filter(f -> f.term(
                                                t -> t.field("content_hash").value(contentHash)))))
                                .source(src -> src.filter(f -> f.includes("chunk_count", ChunkFields.EVENT_TIME))),
                        CardDoc.class)
                .hits()
                .hits();
        if (cards.isEmpty() || cards.get(0).source() == null) {
            return Visibility.NOT_YET;
        }
        CardDoc card = cards.get(0).source();
        Query version = Query.of(q -> q.bool(
                b -> b.filter(f -> f.term(t -> t.field(ChunkFields.DOC_ID).value(docId)))
                        .filter(f -> f.term(t -> t.field(ChunkFields.EVENT_TIME)
                                .value(card.card().eventTime())))));
        long chunks = client.count(c -> c.index(chunksAlias).query(version)).count();
        if (chunks < card.card().chunkCount()) {
            return Visibility.NOT_YET;
        }
        long awaiting = client.count(c -> c.index(chunksAlias)
                        .query(q -> q.bool(b -> b.filter(version).filter(ChunkQueries.awaitingVector()))))
                .count();
        return awaiting == 0 ? Visibility.WHOLE : Visibility.WORDS;
    }

    /** Searchable chunks and documents right now (what a refresh has made visible). */
    public IndexCounts counts(String chunksAlias) throws IOException {
        var docs = client.search(
                s -> s.index(docsAlias)
                        .size(0)
                        .trackTotalHits(t -> t.enabled(true))
                        .aggregations("chunks", a -> a.sum(m -> m.field("chunk_count")))
                        .aggregations("last", a -> a.max(m -> m.field("event_time"))),
                Void.class);
        long documents = docs.hits().total() == null ? 0 : docs.hits().total().value();
        long expected = (long) docs.aggregations().get("chunks").sum().value();
        long chunks = client.count(c -> c.index(chunksAlias)).count();
        double last = docs.aggregations().get("last").max().value();
        return new IndexCounts(documents, chunks, expected, Double.isFinite(last) && last > 0 ? (long) last : 0);
    }

    /** @param chunksExpected chunks the listed documents say they have: equal to chunks once caught up */
    public record IndexCounts(long documents, long chunks, long chunksExpected, long lastEventTime) {}

    /** Documents in the document index. */
    public long documentCount() throws IOException {
        return client.count(c -> c.index(docsAlias)).count();
    }

    /** @param total documents in the index, across pages */
    public record DocumentPage(List<DocumentSummary> documents, int page, int size, long total) {}
}
