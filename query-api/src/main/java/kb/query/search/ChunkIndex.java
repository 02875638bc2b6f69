package kb.query.search;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import kb.query.config.VectorSearch;
import kb.search.es.ChunkDoc;
import kb.search.es.ChunkFields;
import kb.search.es.ChunkQueries;
import kb.search.es.IndexNames;
import kb.search.es.VectorIndexBySize;
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
    private final VectorIndexBySize bySize;
    /** Set when Elasticsearch refused the graph: not asked again by this process. */
    private volatile boolean bySizeRefused;

    public ChunkIndex(ElasticsearchClient client, IndexNames names, VectorSearch vectorSearch) {
        this.client = client;
        this.chunksAlias = names.chunksAlias();
        this.vectorSearch = vectorSearch;
        this.serving = new ServingIndex(client, names);
        this.bySize = new VectorIndexBySize(client, chunksAlias);
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
     * Merges away the deleted versions of chunks once none awaits its vector, and makes the result visible. Every
     * chunk is written twice (its text, then its vector) and BM25 counts the first version until a merge drops it,
     * so without this two indexes of one folder score the same question differently, by how their merges fell.
     *
     * @return whether there was anything to merge away
     */
    public boolean expungeDeletes() throws IOException {
        if (awaitingVectors() == 0 && growVectorIndex()) {
            return true;
        }
        if (!hasDeletesToExpunge()) {
            return false;
        }
        client.indices().forcemerge(f -> f.index(chunksAlias).onlyExpungeDeletes(true));
        client.indices().refresh(r -> r.index(chunksAlias));
        return true;
    }

    /**
     * Gives a flat index grown past {@link VectorIndexBySize#HNSW_FROM_CHUNKS} its graph; a refusal (an Elasticsearch
     * that cannot change the type in place) is logged once and the index stays flat: the upkeep must go on.
     */
    private boolean growVectorIndex() {
        if (bySizeRefused) {
            return false;
        }
        try {
            if (bySize.applyIfGrown(true)) {
                // Its force merge (not waited for) drops the deleted versions too, and builds the graph.
                LOG.info(
                        "the chunk index holds {}+ chunks: its vectors get an int8_hnsw graph (merging in the"
                                + " background)",
                        VectorIndexBySize.HNSW_FROM_CHUNKS);
                return true;
            }
        } catch (IOException | RuntimeException e) {
            bySizeRefused = true;
            LOG.warn("the vector index stays flat, its graph was refused: {}", e.toString());
        }
        return false;
    }

    /** Whether {@link #expungeDeletes} has work: every chunk has its vector and deleted versions remain. */
    public boolean hasDeletesToExpunge() throws IOException {
        if (awaitingVectors() > 0) {
            return false;
        }
        var primaries = client.indices()
                .stats(s -> s.index(chunksAlias).metric("docs", "merge"))
                .all()
                .primaries();
        if (primaries.merges() != null && primaries.merges().current() > 0) {
            return false; // a running merge (the graph's, after a switch by size) drops them; never queue behind it
        }
        var docs = primaries.docs();
        return docs != null && docs.deleted() != null && docs.deleted() > 0;
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
