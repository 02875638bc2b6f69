package kb.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import kb.query.config.VectorSearch;
import kb.query.search.corpus.IncludeFragments;
import kb.query.search.corpus.ServingIndex;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;
import kb.search.es.ChunkQueries;
import kb.search.es.IndexNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chunk index as the query side reads it besides the arms' searches: counts, samples, a document's sections,
 * the corpus's best cosines and whether the index is tidy. It only reads: the sink, which creates the index, keeps
 * its shape (merges, the vector mapping's switch by size).
 */
public final class ChunkIndex {

    private static final Logger LOG = LoggerFactory.getLogger(ChunkIndex.class);

    /** Chunks read for pseudo-questions at most (by chunk id, so the same ones every time). */
    private static final int MAX_SAMPLED_CHUNKS = 10_000;
    /** Sections listed for a lookup's primary document (a search's default result window). */
    private static final int MAX_CHUNKS_OF_DOCUMENT = 10_000;

    private final ElasticsearchClient client;
    private final String chunksAlias;
    private final VectorSearch vectorSearch;
    private final ServingIndex serving;
    private final IncludeFragments includes;

    public ChunkIndex(ElasticsearchClient client, IndexNames names, VectorSearch vectorSearch) {
        this.client = client;
        this.chunksAlias = names.chunksAlias();
        this.vectorSearch = vectorSearch;
        this.serving = new ServingIndex(client, names);
        this.includes = new IncludeFragments(client, chunksAlias);
    }

    /**
     * For the include fragments among a question's candidates, the documents that include each
     * ({@link IncludeFragments}); none when Elasticsearch cannot say: the fragments then rank as they are.
     */
    public Map<String, Set<String>> includers(List<ChunkDoc> candidates) {
        try {
            return includes.includers(candidates);
        } catch (IOException | RuntimeException e) {
            LOG.warn("includers unavailable, fragments ranked as they are: {}", e.toString());
            return Map.of();
        }
    }

    /** Chunks that have their vector (the rest wait for the sink's vector pass). */
    public long embeddedChunks() throws IOException {
        return client.count(c -> c.index(chunksAlias).query(q -> q.bool(b -> b.mustNot(ChunkQueries.awaitingVector()))))
                .count();
    }

    /** Chunks still waiting for their vector. */
    public long awaitingVectors() throws IOException {
        return client.count(c -> c.index(chunksAlias).query(ChunkQueries.awaitingVector()))
                .count();
    }

    /**
     * Whether the index is as the corpus alone would make it, read live: no deleted chunk versions left for BM25 to
     * count and no merge running (the sink's upkeep merges them away once every chunk has its vector, so while
     * chunks await theirs there is nothing it would do yet). Two indexes of one folder score alike only then.
     */
    public boolean isTidy() throws IOException {
        if (awaitingVectors() > 0) {
            return true;
        }
        var primaries = client.indices()
                .stats(s -> s.index(chunksAlias).metric("docs", "merge"))
                .all()
                .primaries();
        if (primaries.merges() != null && primaries.merges().current() > 0) {
            return false; // the upkeep's merge (or the graph's, after a switch by size) is still dropping them
        }
        var docs = primaries.docs();
        return docs == null || docs.deleted() == null || docs.deleted() == 0;
    }

    /** Chunks without vectors or analysed terms, by chunk id: what pseudo-questions are made from. */
    public List<ChunkDoc> sampleChunks() throws IOException {
        return sources(client.search(
                        s -> s.index(chunksAlias)
                                .size(MAX_SAMPLED_CHUNKS)
                                .sort(o -> o.field(f -> f.field(ChunkFields.CHUNK_ID)))
                                .source(src -> src.filter(f -> f.excludes(ChunkRetriever.NOT_RETURNED))),
                        ChunkDoc.class)
                .hits()
                .hits());
    }

    /** A document's chunks in their order in the file (their sections), without embeddings. */
    public List<ChunkDoc> chunksOf(String docId) throws IOException {
        return sources(client.search(
                        s -> s.index(chunksAlias)
                                .size(MAX_CHUNKS_OF_DOCUMENT)
                                .query(q ->
                                        q.term(t -> t.field(ChunkFields.DOC_ID).value(docId)))
                                .sort(o -> o.field(f -> f.field(ChunkFields.ORDINAL)))
                                .source(src -> src.filter(f -> f.excludes(ChunkRetriever.NOT_RETURNED))),
                        ChunkDoc.class)
                .hits()
                .hits());
    }

    /**
     * The best cosine similarity in the corpus for each vector (one kNN search each, in one round trip); empty
     * where there is none: a field the served index does not have yet, or no chunk with a vector in it.
     */
    public List<OptionalDouble> bestCosines(List<ChunkRetriever.QueryVector> all) throws IOException {
        Set<String> fields = serving.format().vectorFields();
        List<ChunkRetriever.QueryVector> vectors =
                all.stream().filter(v -> fields.contains(v.field())).toList();
        if (vectors.isEmpty()) {
            return all.stream().map(v -> OptionalDouble.empty()).toList();
        }
        Iterator<MultiSearchResponseItem<Void>> items =
                nearest(vectors).responses().iterator();
        List<OptionalDouble> best = new ArrayList<>();
        for (ChunkRetriever.QueryVector vector : all) {
            if (!fields.contains(vector.field())) {
                best.add(OptionalDouble.empty()); // not in the served index yet: no nearest neighbour
                continue;
            }
            MultiSearchResponseItem<Void> item = items.next();
            if (item.isFailure()) {
                throw new IOException("search failed: " + item.failure().error().reason());
            }
            var hits = item.result().hits().hits();
            best.add(hits.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(ArmSearch.Knn.cosine(hits.get(0))));
        }
        return best;
    }

    /** Each vector's nearest chunk, without its source. */
    private MsearchResponse<Void> nearest(List<ChunkRetriever.QueryVector> vectors) throws IOException {
        return client.msearch(
                m -> {
                    m.index(chunksAlias);
                    for (ChunkRetriever.QueryVector vector : vectors) {
                        List<Float> queryVector = ArmSearch.Knn.toList(vector.vector());
                        m.searches(s -> s.header(h -> h).body(b -> b.knn(
                                        k -> ArmSearch.Knn.knn(k, vector.field(), queryVector, 1, vectorSearch))
                                .size(1)
                                .source(src -> src.fetch(false))));
                    }
                    return m;
                },
                Void.class);
    }

    private static List<ChunkDoc> sources(List<Hit<ChunkDoc>> hits) {
        return hits.stream().map(Hit::source).toList();
    }
}
