package kb.query;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.core.embed.Embedder;
import kb.core.es.ChunkDoc;
import kb.query.l0.KeywordIndex;
import kb.query.l0.L0Hit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hybrid retrieval behind the honesty gate: L0 keywords, then BM25 + kNN (and the L0 documents' chunks) in
 * one round trip, fused by weighted RRF into documents ranked by their best chunk.
 */
public final class SearchService {

    private static final Logger LOG = LoggerFactory.getLogger(SearchService.class);
    private static final int CHUNKS_PER_DOCUMENT = 3;

    private final QueryConfig config;
    private final Embedder embedder;
    private final ChunkRetriever retriever;
    private final KeywordIndex keywords;

    public SearchService(QueryConfig config, Embedder embedder, ChunkRetriever retriever, KeywordIndex keywords) {
        this.config = config;
        this.embedder = embedder;
        this.retriever = retriever;
        this.keywords = keywords;
    }

    public List<L0Hit> l0(String query) {
        List<L0Hit> hits = keywords.lookup(query);
        LOG.debug("[query] L0 for '{}': {}", query, hits.stream().map(L0Hit::path).toList());
        return hits;
    }

    public Retrieval retrieve(String query, int k, String category) {
        return retrieve(query, k, category, l0(query), SearchOptions.SERVED);
    }

    public Retrieval retrieve(String query, int k, String category, SearchOptions options) {
        List<L0Hit> l0 = options.arms() == SearchOptions.Arms.HYBRID ? l0(query) : List.of();
        return retrieve(query, k, category, l0, options);
    }

    public Retrieval retrieve(String query, int k, String category, List<L0Hit> l0) {
        return retrieve(query, k, category, l0, SearchOptions.SERVED);
    }

    /** L1 for a question whose L0 hits are known; Elasticsearch failures degrade to L0 only. */
    public Retrieval retrieve(String query, int k, String category, List<L0Hit> l0, SearchOptions options) {
        ArmHits hits;
        boolean l1Available = true;
        boolean lexicalArm = options.arms() != SearchOptions.Arms.VECTOR;
        boolean vectorArm = options.arms() != SearchOptions.Arms.BM25;
        int bm25Window = options.window() > 0 ? options.window() : config.bm25Window();
        int knnWindow = options.window() > 0 ? options.window() : config.knnWindow();
        List<String> terms = QueryTerms.contentTerms(query);
        String lexicalQuery = terms.isEmpty() ? null : String.join(" ", terms);
        try {
            hits = retriever.retrieve(lexicalArm ? lexicalQuery : null,
                    vectorArm ? embedder.embedQuery(query) : null, category,
                    bm25Window, knnWindow, l0.stream().map(L0Hit::docId).toList(),
                    options.titleBoost() >= 0 ? options.titleBoost() : config.titleBoost());
        } catch (IOException | RuntimeException e) {
            LOG.warn("[query] L1 unavailable, answering from L0 only: {}", e.toString());
            hits = ArmHits.none();
            l1Available = false;
        }
        boolean lexical = hits.bm25().stream().anyMatch(c -> QueryTerms.isEvidence(terms, c.enrichedText()));
        boolean found = !options.gate() || !l0.isEmpty() || lexical || hits.bestCosine() >= config.minCosine();
        SearchResponse.Gate gate = new SearchResponse.Gate(found, l0.size(), lexical, hits.bm25().size(), hits.bestCosine(),
                config.minCosine(), l1Available);
        List<SearchResponse.DocumentResult> documents = found ? rank(hits, l0, k, options) : List.of();
        return new Retrieval(query, l0, documents, gate, found ? List.of() : suggestions(hits), l1Available);
    }

    private List<SearchResponse.DocumentResult> rank(ArmHits hits, List<L0Hit> l0, int k, SearchOptions options) {
        Map<String, Double> fused = fuse(hits, options);
        Map<String, ChunkDoc> chunks = new HashMap<>();
        Map<String, Set<String>> arms = new HashMap<>();
        collect(hits.l0(), "L0", chunks, arms);
        collect(hits.bm25(), "bm25", chunks, arms);
        collect(hits.vector(), "vector", chunks, arms);
        Map<String, List<ChunkDoc>> byDocument = new LinkedHashMap<>();
        chunks.values().stream()
                .sorted(Comparator.comparingDouble((ChunkDoc c) -> fused.get(c.chunkId())).reversed()
                        .thenComparing(ChunkDoc::chunkId))
                .forEach(c -> byDocument.computeIfAbsent(c.docId(), d -> new ArrayList<>()).add(c));
        List<SearchResponse.DocumentResult> results = new ArrayList<>(
                byDocument.values().stream().limit(k).map(list -> toResult(list, fused, arms)).toList());
        addL0OnlyDocuments(results, l0, byDocument.keySet(), k);
        return results;
    }

    /** RRF by default; a convex combination of normalised scores when asked (L0 chunks join by rank). */
    private Map<String, Double> fuse(ArmHits hits, SearchOptions options) {
        // A request's fusion=rrf (alpha 0) overrides a convex configuration; no fusion parameter (-1) keeps it.
        double alpha = options.convexAlpha() >= 0 ? options.convexAlpha() : config.convexAlpha();
        int rrfK = options.rrfK() > 0 ? options.rrfK() : config.rrfK();
        if (alpha > 0) {
            Map<String, Double> fused = new HashMap<>(ConvexFusion.fuse(ids(hits.bm25()), hits.bm25Scores(),
                    ids(hits.vector()), hits.vectorScores(), alpha));
            RrfFusion.fuse(List.of(new RrfFusion.Arm(ids(hits.l0()), config.l0Weight())), rrfK)
                    .forEach((id, score) -> fused.merge(id, score, Double::sum));
            return fused;
        }
        double bm25Weight = options.bm25Weight() >= 0 ? options.bm25Weight() : config.bm25Weight();
        return RrfFusion.fuse(List.of(
                new RrfFusion.Arm(ids(hits.bm25()), bm25Weight),
                new RrfFusion.Arm(ids(hits.vector()), config.vectorWeight()),
                new RrfFusion.Arm(ids(hits.l0()), config.l0Weight())), rrfK);
    }

    /** An L0 document without chunks in the index yet (or with Elasticsearch down) still shows. */
    private static void addL0OnlyDocuments(List<SearchResponse.DocumentResult> results, List<L0Hit> l0,
                                           Set<String> present, int k) {
        for (L0Hit hit : l0) {
            if (!present.contains(hit.docId()) && results.size() < k) {
                results.add(new SearchResponse.DocumentResult(hit.docId(), hit.path(), hit.title(), 0,
                        List.of("L0"), List.of()));
            }
        }
    }

    /** Titles of the nearest documents by meaning, even below the threshold: what the user could ask. */
    private static List<String> suggestions(ArmHits hits) {
        Set<String> titles = new LinkedHashSet<>();
        for (ChunkDoc chunk : hits.vector()) {
            titles.add(chunk.title());
            if (titles.size() == 3) {
                break;
            }
        }
        return List.copyOf(titles);
    }

    private static SearchResponse.DocumentResult toResult(List<ChunkDoc> chunks, Map<String, Double> fused,
                                                          Map<String, Set<String>> arms) {
        ChunkDoc best = chunks.get(0);
        Set<String> matchedBy = new LinkedHashSet<>();
        chunks.forEach(c -> matchedBy.addAll(arms.get(c.chunkId())));
        List<SearchResponse.ChunkResult> shown = chunks.stream().limit(CHUNKS_PER_DOCUMENT)
                .map(c -> new SearchResponse.ChunkResult(c.text(), c.sectionHeader(), fused.get(c.chunkId())))
                .toList();
        return new SearchResponse.DocumentResult(best.docId(), best.path(), best.title(), fused.get(best.chunkId()),
                List.copyOf(matchedBy), shown);
    }

    private static void collect(List<ChunkDoc> hits, String arm, Map<String, ChunkDoc> chunks,
                                Map<String, Set<String>> arms) {
        for (ChunkDoc hit : hits) {
            chunks.putIfAbsent(hit.chunkId(), hit);
            arms.computeIfAbsent(hit.chunkId(), id -> new LinkedHashSet<>()).add(arm);
        }
    }

    private static List<String> ids(List<ChunkDoc> hits) {
        return hits.stream().map(ChunkDoc::chunkId).toList();
    }
}
