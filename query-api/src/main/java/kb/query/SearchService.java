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

/** Hybrid retrieval: both arms, fused by weighted RRF, grouped into documents, behind the honesty gate. */
public final class SearchService {

    private static final int CHUNKS_PER_DOCUMENT = 3;

    private final QueryConfig config;
    private final Embedder embedder;
    private final ChunkRetriever retriever;

    public SearchService(QueryConfig config, Embedder embedder, ChunkRetriever retriever) {
        this.config = config;
        this.embedder = embedder;
        this.retriever = retriever;
    }

    public SearchResponse search(String query, int k, String category) throws IOException {
        ArmHits hits = retriever.retrieve(QueryTerms.lexicalQuery(query), embedder.embedQuery(query), category,
                config.bm25Window(), config.knnWindow());
        boolean found = !hits.bm25().isEmpty() || hits.bestCosine() >= config.minCosine();
        return new SearchResponse(query, found, found ? rank(hits, k) : List.of());
    }

    private List<SearchResponse.DocumentResult> rank(ArmHits hits, int k) {
        Map<String, Double> fused = RrfFusion.fuse(List.of(
                new RrfFusion.Arm(ids(hits.bm25()), config.bm25Weight()),
                new RrfFusion.Arm(ids(hits.vector()), config.vectorWeight())), config.rrfK());
        Map<String, ChunkDoc> chunks = new HashMap<>();
        Map<String, Set<String>> arms = new HashMap<>();
        collect(hits.bm25(), "bm25", chunks, arms);
        collect(hits.vector(), "vector", chunks, arms);
        Map<String, List<ChunkDoc>> byDocument = new LinkedHashMap<>();
        chunks.values().stream()
                .sorted(Comparator.comparingDouble((ChunkDoc c) -> fused.get(c.chunkId())).reversed())
                .forEach(c -> byDocument.computeIfAbsent(c.docId(), d -> new ArrayList<>()).add(c));
        return byDocument.values().stream().limit(k).map(list -> toResult(list, fused, arms)).toList();
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
