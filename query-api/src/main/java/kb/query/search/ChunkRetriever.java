package kb.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kb.query.config.VectorSearch;
import kb.query.search.corpus.DocumentBm25;
import kb.query.search.corpus.ScoredChunk;
import kb.query.search.corpus.ServingIndex;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.NamedTerms;
import kb.query.search.terms.PhraseMentions;
import kb.query.search.terms.TermStatistics;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;
import kb.search.es.IndexNames;
import kb.search.text.LexicalAnalyzer;

/**
 * Both retrieval arms in one round trip ({@code _msearch}): BM25 over {@code lexical_text} and kNN over the
 * vector field(s) of the question's script(s), with the same optional collection and category filter. The query text
 * only ever goes into a {@code match} query, so no input can change the query's structure. The index's other reads
 * are {@link ChunkIndex}'s.
 */
public final class ChunkRetriever {

    /** A document's passages with a word of the question read at most, to weigh them by its own statistics. */
    private static final int MATCHING_PASSAGES = 60;

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final VectorSearch vectorSearch;
    private final TermStatistics termStatistics;
    private final PhraseMentions phraseMentions;
    private final ServingIndex serving;
    /** Index-only fields a reader never needs: vectors and analysed terms. */
    static final List<String> NOT_RETURNED = List.of(
            ChunkFields.EMBEDDING, ChunkFields.EMBEDDING_ZH, ChunkFields.LEXICAL_TEXT, ChunkFields.LEXICAL_TITLE);

    public ChunkRetriever(ElasticsearchClient client, IndexNames names, VectorSearch vectorSearch) {
        this.client = client;
        this.chunksAlias = names.chunksAlias();
        this.vectorSearch = vectorSearch;
        this.serving = new ServingIndex(client, names);
        this.termStatistics = new TermStatistics(client, chunksAlias);
        this.phraseMentions = new PhraseMentions(client, chunksAlias);
    }

    /** What the alias serves (mapping version, migration), read at most every few seconds. */
    ServingIndex.Format servingFormat() throws IOException {
        return serving.format();
    }

    /** For each name-and-version pair, whether some chunk mentions it (the honesty gate's {@link NeverMentioned}). */
    public List<Boolean> mentions(List<NamedTerms.Versioned> pairs) throws IOException {
        return phraseMentions.read(pairs);
    }

    /** A question's embedding for one vector field. */
    public record QueryVector(String field, float[] vector) {}

    /**
     * What one question asks of the chunks, all in one round trip.
     *
     * @param lexicalQuery the text for BM25, or null to skip that arm
     * @param vectors      the question's embeddings, one per vector field of its own model; empty to skip that arm
     * @param cross        the question's embeddings for the other script's field: an arm of their own
     * @param l0DocIds     documents L0 matched: a search of their own returns their chunks (best BM25 first), so
     *                     exact keyword matches take part in the fusion even when neither arm found them
     * @param titleBoost   above 0, BM25 also matches the title field with this boost
     * @param keywords     matched L0 keywords whose spread through the corpus's text is counted (see
     *                     {@link CorpusStats}); with a lexical query, its tokens' chunk frequencies are read too
     */
    public record ArmRequest(
            String lexicalQuery,
            List<QueryVector> vectors,
            List<QueryVector> cross,
            Scope scope,
            RankingPlan.Windows windows,
            List<String> l0DocIds,
            double titleBoost,
            List<String> keywords) {}

    /**
     * @param lexicalQuery the text for BM25, or null to skip that arm
     * @param vectors      the query's embeddings, one per vector field to search; empty to skip that arm
     */
    public ArmHits retrieve(String lexicalQuery, List<QueryVector> vectors, Scope scope, int bm25Size, int knnSize)
            throws IOException {
        return retrieve(new ArmRequest(
                lexicalQuery,
                vectors,
                List.of(),
                scope,
                new RankingPlan.Windows(bm25Size, knnSize),
                List.of(),
                0,
                List.of()));
    }

    /** Every arm's scored chunks; a vector field the served index does not have yet answers nothing. */
    public ArmHits retrieve(ArmRequest request) throws IOException {
        ServingIndex.Format format = serving.format();
        LexicalFields lexical = format.hasLexicalFields() ? LexicalFields.ANALYSED : LexicalFields.LEGACY;
        String terms = lexical.query(request.lexicalQuery());
        Query filter = request.scope().filter();
        int knnSize = request.windows().knn();
        List<ArmSearch> searches = new ArrayList<>();
        searches.add(new ArmSearch.Bm25(
                lexical, terms, filter, request.titleBoost(), request.windows().bm25()));
        if (!request.l0DocIds().isEmpty()) {
            searches.add(new ArmSearch.L0(
                    lexical, terms, request.l0DocIds(), request.windows().bm25()));
        }
        Map<QueryVector, ArmSearch.Knn> own = new LinkedHashMap<>();
        for (QueryVector vector : searchable(request.vectors(), format)) {
            own.put(vector, new ArmSearch.Knn(vector, filter, knnSize, vectorSearch));
        }
        searches.addAll(own.values());
        List<ArmSearch.Knn> cross = searchable(request.cross(), format).stream()
                .map(v -> new ArmSearch.Knn(v, filter, knnSize, vectorSearch))
                .toList();
        searches.addAll(cross);
        // Only keywords need document counts: a question without L0 hits pays no aggregation.
        ArmSearch.Stats stats = request.keywords().isEmpty() ? null : new ArmSearch.Stats(request.keywords());
        if (stats != null) {
            searches.add(stats);
        }
        // The term counts travel beside the _msearch rather than after it: one round trip's time, not two.
        TermStatistics.Pending termCounts = terms == null ? null : termStatistics.start(lexical.text(), terms);
        decode(searches, msearch(searches));
        CorpusStats corpus = stats == null ? CorpusStats.UNKNOWN : stats.corpus();
        if (termCounts != null) {
            corpus = termCounts.into(corpus);
        }
        List<List<ScoredChunk>> knn = request.vectors().stream()
                .map(v -> own.containsKey(v) ? own.get(v).hits() : List.<ScoredChunk>of())
                .toList();
        Map<Arm, List<ScoredChunk>> arms = new EnumMap<>(Arm.class);
        arms.put(Arm.BM25, searches.get(0).hits());
        arms.put(
                Arm.L0,
                request.l0DocIds().isEmpty() ? List.of() : searches.get(1).hits());
        arms.put(Arm.VECTOR, byRankInTurn(knn));
        arms.put(
                Arm.CROSS_VECTOR,
                byRankInTurn(cross.stream().map(ArmSearch::hits).toList()));
        List<Double> best =
                knn.stream().map(h -> h.isEmpty() ? -1.0 : h.get(0).score()).toList();
        return new ArmHits(arms, best, corpus);
    }

    /**
     * Each document's own passages scored against the question, in one round trip: per document, its best chunks
     * by BM25 and its nearest chunks in each vector field, {@code size} of each. BM25 scores are the corpus's (the
     * same as the BM25 arm's), so one document's passages are weighed as the arm weighs them.
     *
     * @param lexicalQuery the question's words for BM25, or null
     * @param vectors      the question's embeddings, one per vector field to search
     */
    Map<String, List<PassageRanking.Evidence>> passages(
            String lexicalQuery, List<QueryVector> vectors, List<String> docIds, int size) throws IOException {
        ServingIndex.Format format = serving.format();
        LexicalFields lexical = format.hasLexicalFields() ? LexicalFields.ANALYSED : LexicalFields.LEGACY;
        String terms = lexical.query(lexicalQuery);
        List<QueryVector> searchable = searchable(vectors, format);
        Map<String, List<ArmSearch>> byDocument = new LinkedHashMap<>();
        List<ArmSearch> searches = new ArrayList<>();
        for (String docId : docIds) {
            Query only = Query.of(q -> q.term(t -> t.field(ChunkFields.DOC_ID).value(docId)));
            List<ArmSearch> own = new ArrayList<>();
            if (terms != null) {
                own.add(new ArmSearch.Bm25(lexical, terms, only, 0, MATCHING_PASSAGES, lexical.analysed()));
            }
            searchable.forEach(v -> own.add(new ArmSearch.Knn(v, only, size, vectorSearch)));
            byDocument.put(docId, own);
            searches.addAll(own);
        }
        if (searches.isEmpty()) {
            return Map.of();
        }
        decode(searches, msearch(searches));
        Map<String, List<PassageRanking.Evidence>> evidence = new LinkedHashMap<>();
        byDocument.forEach((docId, own) -> evidence.put(docId, evidenceOf(terms, own)));
        return evidence;
    }

    /**
     * The passages' evidence: BM25 with the document's own statistics ({@link DocumentBm25}; the corpus's score
     * on an index without analysed text), and cosines.
     */
    private static List<PassageRanking.Evidence> evidenceOf(String terms, List<ArmSearch> searches) {
        List<PassageRanking.Evidence> evidence = new ArrayList<>();
        for (ArmSearch search : searches) {
            if (search instanceof ArmSearch.Knn knn) {
                search.hits()
                        .forEach(h -> evidence.add(new PassageRanking.Evidence(h.chunk(), 0, knn.field(), h.score())));
                continue;
            }
            Map<String, Double> own = DocumentBm25.scores(
                    terms, search.hits().stream().map(ScoredChunk::chunk).toList());
            for (ScoredChunk hit : search.hits()) {
                double bm25 = own.isEmpty() ? hit.score() : own.getOrDefault(hit.chunkId(), 0.0);
                evidence.add(new PassageRanking.Evidence(hit.chunk(), bm25, null, 0));
            }
        }
        return evidence;
    }

    private static List<QueryVector> searchable(List<QueryVector> vectors, ServingIndex.Format format) {
        return vectors.stream()
                .filter(v -> format.vectorFields().contains(v.field()))
                .toList();
    }

    /** The searches in one {@code _msearch}, in their order. */
    private MsearchResponse<ChunkDoc> msearch(List<ArmSearch> searches) throws IOException {
        return client.msearch(
                m -> {
                    m.index(chunksAlias);
                    for (ArmSearch search : searches) {
                        m.searches(s -> s.header(h -> h).body(b -> search.body(b, NOT_RETURNED)));
                    }
                    return m;
                },
                ChunkDoc.class);
    }

    /** Each search reads the response to its own request (responses come in the order of the requests). */
    private static void decode(List<ArmSearch> searches, MsearchResponse<ChunkDoc> response) throws IOException {
        List<MultiSearchResponseItem<ChunkDoc>> items = response.responses();
        for (int i = 0; i < searches.size(); i++) {
            searches.get(i).read(items.get(i));
        }
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
}
