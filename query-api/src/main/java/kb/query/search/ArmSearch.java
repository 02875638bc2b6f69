package kb.query.search;

import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.KnnSearch;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.msearch.MultisearchBody;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.util.ObjectBuilder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.query.config.VectorSearch;
import kb.query.search.corpus.ScoredChunk;
import kb.query.search.terms.CorpusStats;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;

/**
 * One search of a question's {@code _msearch}: it writes its request and reads the response to it. The query text
 * only ever goes into a {@code match} query, so no input can change the query's structure.
 */
abstract sealed class ArmSearch {

    private List<ScoredChunk> hits = List.of();

    /** This search's request body; {@code excludes} are the index-only fields a reader never needs. */
    abstract ObjectBuilder<MultisearchBody> body(MultisearchBody.Builder body, List<String> excludes);

    /** Reads the response to this search's request. */
    void read(MultiSearchResponseItem<ChunkDoc> item) throws IOException {
        if (item.isFailure()) {
            throw new IOException("search failed: " + item.failure().error().reason());
        }
        hits = item.result().hits().hits().stream()
                .map(h -> new ScoredChunk(h.source(), score(h)))
                .toList();
    }

    /** The hit's score as this arm reports it. */
    abstract double score(Hit<ChunkDoc> hit);

    /** The chunks this search returned, best first, once read. */
    List<ScoredChunk> hits() {
        return hits;
    }

    /** BM25 over the chunks' text (and title, when boosted), within the scope. */
    static final class Bm25 extends ArmSearch {

        private final Query query;
        private final int size;
        private final boolean analysedText;

        /** @param terms the analysed query text, or null: then this search asks for nothing */
        Bm25(ChunkRetriever.LexicalFields lexical, String terms, Query filter, double titleBoost, int size) {
            this(lexical, terms, filter, titleBoost, size, false);
        }

        /** @param analysedText whether the chunks come with their analysed text (what passages are weighed by) */
        Bm25(
                ChunkRetriever.LexicalFields lexical,
                String terms,
                Query filter,
                double titleBoost,
                int size,
                boolean analysedText) {
            this.query = query(lexical, terms, filter, titleBoost);
            this.size = terms == null ? 0 : size;
            this.analysedText = analysedText;
        }

        @Override
        ObjectBuilder<MultisearchBody> body(MultisearchBody.Builder body, List<String> notReturned) {
            List<String> excludes = analysedText
                    ? notReturned.stream()
                            .filter(f -> !f.equals(ChunkFields.LEXICAL_TEXT))
                            .toList()
                    : notReturned;
            return body.query(query)
                    .size(size)
                    // Equal scores (the same text in two pages) in the chunks' own order, not in the order the
                    // index happened to be written: two indexes of a folder rank alike.
                    .sort(o -> o.score(sc -> sc.order(SortOrder.Desc)))
                    .sort(o -> o.field(f -> f.field(ChunkFields.CHUNK_ID)))
                    // The score comes back as the first sort value. Asking for it as the hit's score
                    // (track_scores) or for a count of the hits makes Elasticsearch score every matching chunk;
                    // without them Lucene skips the chunks that cannot reach the top (most of a large index).
                    .trackTotalHits(t -> t.enabled(false))
                    .source(src -> src.filter(f -> f.excludes(excludes)));
        }

        @Override
        double score(Hit<ChunkDoc> hit) {
            if (!hit.sort().isEmpty()) {
                FieldValue first = hit.sort().get(0);
                return first.isDouble() ? first.doubleValue() : first.isLong() ? first.longValue() : 0.0;
            }
            return hit.score() == null ? 0.0 : hit.score();
        }

        private static Query query(ChunkRetriever.LexicalFields lexical, String text, Query filter, double boost) {
            if (text == null) {
                return Query.of(q -> q.matchNone(n -> n));
            }
            return Query.of(q -> q.bool(b -> {
                b.must(m -> m.match(mm -> mm.field(lexical.text()).query(text)));
                if (boost > 0) {
                    b.should(s ->
                            s.match(mm -> mm.field(lexical.title()).query(text).boost((float) boost)));
                }
                return filter == null ? b : b.filter(filter);
            }));
        }
    }

    /** The chunks of the documents L0 matched, best BM25 first. */
    static final class L0 extends ArmSearch {

        private final Query query;
        private final int size;

        L0(ChunkRetriever.LexicalFields lexical, String terms, List<String> docIds, int size) {
            List<FieldValue> ids = docIds.stream().map(FieldValue::of).toList();
            this.query = Query.of(q -> q.bool(b -> {
                b.filter(f -> f.terms(t -> t.field(ChunkFields.DOC_ID).terms(v -> v.value(ids))));
                return terms == null
                        ? b
                        : b.should(s -> s.match(mm -> mm.field(lexical.text()).query(terms)));
            }));
            this.size = size;
        }

        @Override
        ObjectBuilder<MultisearchBody> body(MultisearchBody.Builder body, List<String> excludes) {
            return body.query(query).size(size).source(src -> src.filter(f -> f.excludes(excludes)));
        }

        @Override
        double score(Hit<ChunkDoc> hit) {
            return hit.score() == null ? 0.0 : hit.score();
        }
    }

    /** The k nearest chunks in one vector field, within the scope. */
    static final class Knn extends ArmSearch {

        private final ChunkRetriever.QueryVector vector;
        private final Query filter;
        private final int size;
        private final VectorSearch settings;

        Knn(ChunkRetriever.QueryVector vector, Query filter, int size, VectorSearch settings) {
            this.vector = vector;
            this.filter = filter;
            this.size = size;
            this.settings = settings;
        }

        @Override
        ObjectBuilder<MultisearchBody> body(MultisearchBody.Builder body, List<String> excludes) {
            List<Float> queryVector = toList(vector.vector());
            return body.knn(k -> {
                        knn(k, vector.field(), queryVector, size, settings);
                        return filter == null ? k : k.filter(filter);
                    })
                    .size(size)
                    .source(src -> src.filter(f -> f.excludes(excludes)));
        }

        /** The vector field searched. */
        String field() {
            return vector.field();
        }

        /** ES scores a cosine-similarity kNN hit as (1 + cos) / 2. */
        @Override
        double score(Hit<ChunkDoc> hit) {
            return cosine(hit);
        }

        static double cosine(Hit<?> hit) {
            return hit.score() == null ? -1 : 2 * hit.score() - 1;
        }

        /** The k nearest chunks of one vector field, rescored with their float vectors when configured. */
        static KnnSearch.Builder knn(
                KnnSearch.Builder k, String field, List<Float> vector, int size, VectorSearch settings) {
            k.field(field).queryVector(vector).k(size).numCandidates(Math.max(settings.candidates(), size));
            return settings.rescores() ? k.rescoreVector(r -> r.oversample((float) settings.oversample())) : k;
        }

        static List<Float> toList(float[] vector) {
            List<Float> list = new ArrayList<>(vector.length);
            for (float v : vector) {
                list.add(v);
            }
            return list;
        }
    }

    /** Documents in the index, and for each matched keyword the documents whose text holds it as a phrase. */
    static final class Stats extends ArmSearch {

        private static final String DOCUMENTS = "documents";
        private static final String KEYWORD = "keyword_";
        /** Exact document counts up to this many (Elasticsearch's maximum); approximate beyond. */
        private static final int PRECISE_COUNT = 40_000;

        private final List<String> keywords;
        private CorpusStats corpus = CorpusStats.UNKNOWN;

        Stats(List<String> keywords) {
            this.keywords = List.copyOf(keywords);
        }

        @Override
        ObjectBuilder<MultisearchBody> body(MultisearchBody.Builder body, List<String> excludes) {
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
                                d -> d.cardinality(
                                        c -> c.field(ChunkFields.DOC_ID).precisionThreshold(PRECISE_COUNT))));
            }
            return body;
        }

        @Override
        void read(MultiSearchResponseItem<ChunkDoc> item) throws IOException {
            if (item.isFailure()) {
                throw new IOException(
                        "statistics failed: " + item.failure().error().reason());
            }
            var aggregations = item.result().aggregations();
            Map<String, Long> counts = new HashMap<>();
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
            corpus = new CorpusStats(aggregations.get(DOCUMENTS).cardinality().value(), 0, counts, Map.of());
        }

        @Override
        double score(Hit<ChunkDoc> hit) {
            return 0;
        }

        /** The counts, once read. */
        CorpusStats corpus() {
            return corpus;
        }
    }
}
