package kb.query.search;

/** A retrieval arm: one kind of search of the chunks, whose hits the fusion weighs. */
public enum Arm {
    /** BM25 over the chunks' analysed text (and title). */
    BM25,
    /** The chunks of the documents L0 matched by keyword, best BM25 first. */
    L0,
    /** kNN in the question's own model's vector field(s); two fields are taken in turn by rank. */
    VECTOR,
    /**
     * kNN in the other script's field for a question in Latin script (see
     * {@link kb.search.embed.Embeddings#crossForQuery}): a ranking arm only, never gate evidence.
     */
    CROSS_VECTOR
}
