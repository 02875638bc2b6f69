package kb.query.search.corpus;

import kb.search.es.ChunkDoc;

/**
 * A chunk as one arm returned it.
 *
 * @param score the arm's own score: BM25's score (0 when Elasticsearch gave none), a kNN hit's cosine similarity
 *              (-1 when it gave none)
 */
public record ScoredChunk(ChunkDoc chunk, double score) {

    public String chunkId() {
        return chunk.chunkId();
    }
}
