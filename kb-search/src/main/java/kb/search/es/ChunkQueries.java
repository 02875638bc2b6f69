package kb.search.es;

import co.elastic.clients.elasticsearch._types.query_dsl.Query;

/** Queries over the chunk index that the sink and the query API must agree on. */
public final class ChunkQueries {

    private ChunkQueries() {}

    /**
     * Chunks written with their text but not yet with their vector: the sink indexes text first (searchable by
     * BM25 and L0 at once) and adds vectors at the embedder's pace.
     */
    public static Query awaitingVector() {
        return Query.of(q -> q.bool(b -> b.mustNot(m -> m.exists(e -> e.field(ChunkFields.EMBEDDING)))
                .mustNot(m -> m.exists(e -> e.field(ChunkFields.EMBEDDING_ZH)))));
    }
}
