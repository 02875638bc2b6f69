package kb.query.config;

import kb.core.settings.KbSettings;

/**
 * How the vector arm asks Elasticsearch. The vectors are stored quantised to bytes ({@code int8_flat} by default,
 * {@code int8_hnsw} with {@code KB_VECTOR_INDEX=hnsw}, see {@link kb.search.es.VectorIndex}); comparing byte vectors
 * reorders close neighbours. With {@code oversample} at 1 or more, the best {@code k × oversample} are ranked again
 * by their stored float vectors, which gives back the exact ranking: stard-zh-dev's vector arm 0.428 → 0.443
 * nDCG@10 (measured on an HNSW index). Off by default: the served, fused ranking did not gain from it (hybrid
 * stard-zh-dev +0.002, SciFact -0.002, DBpedia subset -0.011, MS MARCO subset +0.003; kb-scenarios-dev top-1
 * 45 → 44 of 60).
 *
 * @param candidates HNSW candidates per shard ({@code KB_KNN_CANDIDATES}, default 100; a flat index is searched
 *                   whole)
 * @param oversample how many times k the quantised search gathers for rescoring ({@code KB_KNN_OVERSAMPLE},
 *                   default 2: fresh indexes of a folder then rank alike); below 1: no rescoring
 */
public record VectorSearch(int candidates, double oversample) {

    public static final VectorSearch DEFAULT =
            new VectorSearch(KbSettings.KNN_CANDIDATES.fallback(), KbSettings.KNN_OVERSAMPLE.fallback());

    public VectorSearch {
        if (candidates < 1) {
            throw new IllegalArgumentException("KB_KNN_CANDIDATES must be at least 1, was " + candidates);
        }
    }

    public boolean rescores() {
        return oversample >= 1;
    }
}
